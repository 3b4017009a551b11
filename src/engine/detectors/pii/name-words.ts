// Word lists that keep PERSON_NAME off capitalised words that are not names. All lower case.

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter((w) => w.length > 0));
}

/**
 * Given names that are also common words, months, places, brands or programming languages. They
 * stay in FIRST_NAMES (a cue such as "Dear" or "Mr." still accepts "Grace Hopper"), but alone they
 * do not turn a capitalised pair into a name: "Will Call", "May Contain", "Chase Bank", "Austin
 * Texas", "Ruby Gems".
 */
export const AMBIGUOUS_FIRST_NAMES = wordSet(`
  ace ada adelaide alexandria amber angel april art asia aspen august aurora austin autumn baby
  bailey basil bay beau bill bishop blaze bliss bo bob bobby brandy brook brooke brooks buck bud
  buddy cairo camden candy carol carolina cash chance chanel charity charlotte chase chelsea cherry
  china chip chuck clay cleveland cliff clinton colt cooper coral crystal dakota dale dallas dash
  dawn dean deacon denver destiny dixie dolly don drake drew duke dusty earl easter ebony echo eden
  england eugene eve faith fern fisher florence ford forest forrest frank gale garland gene genesis
  georgia ginger glen golden goldie grace grant guy hale harley harmony harper hazel heath heather
  heaven helena holly honey hope houston hunter india iris israel ivory ivy jack jade jasmine jay
  jersey jewel jimmy jordan joy june justice kenya king kit lake lane laurel liberty lily lincoln love
  lucky madison magnolia major march marshall mason max may meadow mercedes mercy miles miller
  milan misty nova ocean olive orlando page paris parker pat patience pearl penny pepper phoenix
  piper porter precious prince princess quincy rain raleigh randy raven ray reed rich river robin
  rock rocky rose royal ruby rush rusty sage savannah scarlett shepherd sierra silver sky skye
  sonny spencer star sterling stone storm summer sunny sydney taylor trinity tucker tyler unique
  valentine victoria violet wade walker will willow winter washington wood wren york
`);

/**
 * Capitalised words that are not part of a person's name in practice: function words, pronouns,
 * calendar words, common nouns of documents and software, places and roles. A name stops before
 * them, and a cue followed by one of them ("Dear Customer", "Hi Team") names no one.
 */
export const NOT_NAME_WORDS = wordSet(`
  a about above after again against all also am an and another any are as at be because been before
  being below between both but by can could did do does doing down during each either else even
  ever every few for from further had has have having he her here hers herself him himself his how
  however i if in into is it its itself just least less let like many me might more most much must
  my myself neither no nor not now of off often on once only or other our ours ourselves out over
  own per please rather same she should since so some still such than that the their theirs them
  themselves then there these they this those though through thus to too under until up upon us
  very via was we well were what whatever when where whether which while who whom whose why with
  within without would yet you your yours yourself yourselves yes ok okay hello hi hey dear thanks
  thank regards sincerely best cheers greetings welcome goodbye bye sorry january february march
  april may june july august september october november december feb mar apr jul aug sep sept oct
  nov dec monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs
  fri sat today tomorrow yesterday tonight morning afternoon evening night week weekend month year
  quarter spring summer autumn fall winter christmas easter holiday holidays all everyone everybody
  anyone someone team teams staff folks guys there world friends friend colleague colleagues sir
  sirs madam madame ma'am mister miss ladies gentlemen gentleman lady customer customers client
  clients user users member members partner partners patient patients employee employees applicant
  applicants candidate candidates hiring manager managers admin administrator administrators
  support service services owner owners reader readers subscriber subscribers valued sender
  recipient recipients participant participants guest guests visitor visitors resident residents
  tenant tenants student students parent parents doctor doctors nurse nurses officer officers
  director directors president vice chairman ceo cfo cto coo engineer engineers developer
  developers author authors editor editors committee board council department division unit office
  group groups company corporation corp inc llc ltd co plc gmbh ag sa foundation institute
  university college school academy hospital clinic center centre medical health care healthcare
  insurance bank financial capital holdings industries enterprises solutions systems technologies
  technology software labs laboratories services consulting partners associates agency bureau
  ministry government federal state national international global american european street avenue
  road boulevard drive highway parkway square plaza building suite floor apartment city county town
  village district region province country south east northern southern eastern western central
  upper lower new old great saint st mount mt river valley island islands beach bay harbor harbour
  mountain mountains falls canyon desert coast station airport port america usa us uk canada mexico
  europe asia africa australia china japan india germany france italy spain brazil russia england
  scotland wales ireland london paris berlin tokyo alabama alaska arizona arkansas california
  colorado connecticut delaware florida hawaii idaho illinois indiana iowa kansas kentucky
  louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska
  nevada hampshire jersey mexico york carolina dakota ohio oklahoma oregon pennsylvania rhode
  tennessee texas utah vermont wisconsin wyoming account accounts address addresses age amount
  analysis answer api app application approval area article assessment attachment attention audit
  balance billing birth blog body book booking brand budget bug build business call campaign card
  care category chart chat check checklist checkout claim class code comment comments community
  compliance config configuration confirmation contact content contract copy cost course credit
  dashboard data database date day deadline deal debit default delivery demo deployment description
  design detail details device diagnosis document documents domain download draft due edition email
  emergency entry environment error event events example expense experience export fax feature
  feedback fee file files final finance flight folder form format free fund gift guide handbook
  header help history home hotel id identity image import incident index info information input
  install invoice issue issues item job journal key label language last launch lead learning legal
  letter level license limit line link list loan log login logo main maintenance manual map market
  marketing master meeting member memo menu message method mobile mode model module name names
  network news newsletter note notes notice number object offer online open operations option order
  orders output overview password payment payroll pending performance period phone photo plan
  platform policy portal post premium pricing primary privacy process product production products
  profile program project projects promo purchase quality query question quick quote rate receipt
  record records reference refund registration release report reports request required research
  reservation resource response result results return review risk role room rule rules safety sale
  sales sample schedule score screen search security send server session settings setup share
  shipping shop sign signature site size social source special staging standard start status stock
  storage store strategy subject submit success summary survey system table task tax template terms
  test text ticket time title total tour track training transfer travel trial type update updates
  upgrade upload usage value vendor version video view warning web website work workflow complete completed read unread done resolved important urgent as jr sr mr mrs ms
  dr prof
`);

/**
 * Words that, right after a capitalised pair, show it names a place or an organisation rather
 * than a person: "George Washington University", "Jordan Lake", "Victoria Station".
 */
export const ORG_AFTER_NAME = wordSet(`
  inc llc ltd corp corporation company co group holdings foundation institute institution
  university college school academy hospital clinic center centre memorial museum library gallery
  park street avenue road boulevard drive highway bridge tunnel airport station stadium arena hall
  theater theatre tower building plaza square trust fund partners associates industries enterprises
  labs laboratories studios productions records press publishing media foods motors pharmaceuticals
  technologies systems solutions software consulting capital ventures bank hotel inn resort
  restaurant cafe grill bar festival award awards prize fellowship scholarship lecture cup trophy
  band orchestra church cathedral chapel temple mosque synagogue county city town lake river island
  mountain falls canyon bay beach valley national international show series collection edition act
  law theorem effect syndrome disease method model scale index rule monument statue residency
  residence residences apartments towers heights enclave estate estates villas gardens court
  medicine cardiology pediatrics dermatology orthopedics pharmacy dental
`);

/**
 * The organisation and building words of ORG_AFTER_NAME that no surname is, for a pair's own last
 * word ("Sai Residency", "Summit Internal Medicine"): `Park`, `Hall`, `Wood` or `Court` end many
 * people's names, so they are not here.
 */
export const ORG_LAST_WORD = wordSet(`
  inc llc ltd corp corporation company co group holdings foundation institute institution university
  college school academy hospital clinic center centre museum library gallery plaza partners associates
  industries enterprises labs laboratories technologies systems solutions software consulting capital
  ventures bank hotel restaurant cafe residency residence residences apartments towers heights enclave
  villas gardens medicine cardiology pediatrics dermatology orthopedics pharmacy dental
`);

/** Lower-case particles inside surnames: "Vincent van Gogh", "Oscar de la Hoya". */
export const NAME_PARTICLES = wordSet('van von der den de del della da das dos du la le di bin ibn al el ter ten zu');

/**
 * Title and word pairs (title rule) and given name and surname pairs (bare pairs) that are brands,
 * not people. "Dr. Pepper" is the documented borderline case: a drink, though shaped exactly like a
 * doctor's name. Pairs starting with an ambiguous given name (Harley, Mercedes, Jack) need no entry.
 */
export const BRAND_NAMES = wordSet(`
  dr_pepper dr_martens dr_scholl dr_oetker dr_bronner mr_clean mr_coffee mr_muscle mr_potato
  mrs_butterworth morgan_stanley tim_hortons calvin_klein ralph_lauren tommy_hilfiger louis_vuitton
  hugo_boss
`);
