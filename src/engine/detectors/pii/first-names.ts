// Common given names across cultures (English-speaking, Hispanic and Lusophone, French, German and
// Dutch, Italian, Nordic, Slavic, Hungarian and Romanian, Greek, Hebrew, Arabic, Turkish and Central
// Asian, Persian, South Asian, Chinese, Japanese, Korean, South-East Asian, African), written without
// diacritics (the detector folds "José" to "jose" before looking it up). PERSON_NAME uses the list
// to accept "Firstname Lastname" pairs that no other context marks as a name. 4687 names.

const NAMES = `
aadhya aakash aaliyah aamir aarav aaron aarti aarush aase abbas abbie abby abdallah abdel
abdelaziz abdelkader abdou abdul abdulaziz abdullah abdulrahman abe abebe abel abena abhay abhijit
abhinav abhishek abigail abilio abiodun abir abosede aboubacar abram abul ace achilleas achim ada
adaline adalyn adam adama adan addie addison addyson ade adebayo adebola adeel adekunle adel adela
adelaide adele adelfa adelheid adeline adelino adem adeola adesola adewale adeyemi adi adina aditi
aditya adjoa adnan adolfo adolph adrian adriana adriano adrien adrienne adwoa afanasy afia afonso
afsaneh aftab afua agapi agata agathe agnes agnese agneta agnieszka agostinho agostino agus
agustin agustina aharon ahmad ahmadullah ahmed ahmet ahmir ahn aibek aida aidan aiden aigerim
aikaterini aiko aileen ailsa aimee aino aisha aisling aissatou aivar aiyana ajay ajit akane akash
akemi akhil akihiro akiko akinyi akira akosua akram akshay akua alain alaina alan alana alani
alanna alasdair alassane alayna alba albane albert alberta albertina alberto albrecht alcides
alden aldo aleah alec alejandra alejandro aleksandar aleksandr aleksandra aleksei aleksi alemayehu
alesha alessandra alessandro alessia alex alexa alexander alexandra alexandre alexandria
alexandros alexandru alexei alexia alexis alf alfie alfonso alfonzo alfred alfreda alfredo ali
alia alice alicia alicja alina alison alix alla allan allen allie allison allyson alma almaz alois
alok alondra alonso alonzo alper alton alun alvaro alvin alyona alyson alyssa ama amadeo amadeus
amado amadou amal amalia amanda amandine amani amanuel amar amara amari amaya amber ambre ambrose
amedeo amelia amelie ami amina aminah aminata amir amira amit amita amitabh amiya amol amos amparo
amr amy amya an ana anahi anahit anais analyn anand ananya anas anastasia anastasios anastasiya
anatoly anca anders andi andras andre andrea andreas andreea andrei andres andrew andris andriy
andrzej andy ane aneta anette angel angela angeles angelica angeliki angelina angelito angelo
angie angus anh anika aniko anil anirudh anisur anita anja anjali anke ankit ankita ankur ann anna
annabel annabelle annalee annalise anne anne-marie annegret anneli annelie anneliese annemarie
annette annie annika anong anouk anqi ansel anselm anselmo ansley ante anthony antje antoine
antoinette anton antonella antonia antonieta antonio antti anup anupam anura anuradha anwar anya
aoife aparna apolline apostolos april araceli araksi aram arash arben archana archer archie arda
ardalan ardit arezoo ari aria ariah ariana arianna arief ariel ariella arielle arif aris
aristotelis arjun arkady arlene arlo arman armando armani armen armin arnaldo arnaud arnav arne
arnel arnold arpita arsen artem arthit arthur artur arturo arturs artyom arun aruna arvid arvind
arya asa asad asha asher ashish ashkan ashley ashlyn ashlynn ashok ashot ashraf ashton ashwin asif
askar aslan asli asma aso aspen astrid asuka asuncion athanasios athena atieno atif atlas atsuko
atsushi atticus attila aubree aubrey aubrie audra audrey augusta augustine augustus aurelia
aurelie aurelien aurelio aurora austin autumn ava avah avalyn averie avery avi avigail avinash
avital aviva avraham awa axel axelle aya ayaka ayako ayanda ayden aydin ayelet ayesha ayla ayman
ayo ayodele ayse aysegul aysel ayu ayumi azadeh azalea azamat aziz azlan azman babacar babak babul
bader bahar bahram bailee bailey bakhyt balazs bambang bamidele bao baptiste baraka barbara barbel
baris barney barrett barry bartholomew bartosz baruch bashir basil basma bassam bastien batya
bauyrzhan bayani baylee bea beata beatrice beatrix beatriz beau beckett becky behnam behrouz bela
belinda bella bellamy ben benedetta benedict benedicte benedikt benedito benito benjamin benny
benoit benson bentley benvenuto bereket berk berkay bernadette bernadine bernard bernardo bernd
bernhard bernice bernie bert bertha berthold bertrand besnik bessie beth bethan bethany betsy
betty beverly bhavesh bhavna bianca bienvenido bijan bilal bill billy binh binta birger birgit
birgitta bishnu bisi bjarne bjarte bjorn blaine blair blaire blake blanca blanche blandine blaze
blerta blythe bo boaz bobbie bobby bode bodhi bodil bogdan bogumila bohan bohumil bojan bolaji
bongani bonita bonnie boonmee boris boubacar bowen bozena brad braden bradford bradley brady
bradyn bram brandi brandon brandy branislav branko brantley braxton brayden braylon brecken brenda
brendan brendon brenna brent brenton brett brian briana brianna brianne briar bridget bridgett
bridgette brielle brigid brigitte britney britt brittani brittany brittney brock brody bronson
bronwen brooke brooklyn brooks bruce bruna bruno bryan bryant bryce brynn bryson buddy budi bukola
burak burcu burkhard burton bushra busisiwe byron byung cade caden cael cahya caio cairo caitlin
caitlyn caius caleb caleigh callie callum calvin camden cameron camila camilla camille camilo
camryn can candace candelaria candice cannon cansu caoimhe capucine cara carina carissa carl carla
carlee carlo carlos carlton carly carmela carmelita carmelo carmen carol carolann carole carolina
caroline carolyn carolyne carrie carsen carson carsten carter cary casey cash cason casper
cassandra cassidy cassie cassio catalin catalina caterina cathal catherine cathy catriona cayden
cayetano cecil cecilia cecilio cecily cedric celeste celestine celestino celia celine cem cemal
cengiz cerys cesar cesare chad chae chai chaim chaiya chaminda chana chandler chandra chanel
chang-min chantal chao charity charleigh charlene charles charley charlie charlize charlotte
charmaine chase chastity chau chauncey chaya cheikh chelsea chen cheng chenxi cheol cheri cherie
cheryl chester chetan cheyanne cheyenne chi chiaki chiamaka chiara chibuike chidi chidinma chie
chigozie chihiro chika chinedu chinonso chinwe chioma chipo chiyo chloe chris christa christel
christelle christian christiane christie christina christine christoper christoph christophe
christopher christos christy chrysa chukwudi chukwuemeka chul chun ciara ciaran cierra cillian
cindy cinzia clair claire clancy clara clare clarence clarice clarissa clarisse clark claude
claudette claudia claudine claudio claudiu clay clayton clemence clemens clement clementine cleo
cleveland clifford clifton clint clinton clyde coby cody coen colby cole coleman colette colin
colleen collin colm colt colton conceicao concepcion concetta conner connie connor conor conrad
constance consuelo cooper cora coralie corazon corbin corentin corey corinna corinne cormac cornel
cornelia cornelius cornell corrado cory cosette cosimo cosmin costanza coumba courtney craig creed
cristi cristian cristiano cristina cristobal cristopher cruz crystal csaba cullen cuong curtis
cynthia cyril cyrille cyrus czeslaw daan dace dae dafna dafydd dag dagmar dahlia daichi daija
daiki daisuke daisy dakota dalal dale dalia dallas dallin dalton damari damaris damian damien
damon dan dana dane dania danica daniel daniela daniele danielle danika danish danny dante daphne
dara darby darcy daria darian dariel darien dario darius dariush dariusz darla darlene darnell
darrell darren darrin darryl darwin darya daryl dash dashiell dauren dave davi david davide davina
davion davis davit dawit dawn dawson dayana dayo deacon dean deandra deandre deanna deanne debbie
debora deborah debra declan dee deepa deepak deepika deidre deirdre dejan delaney delbert delia
delilah dell della delores delphine demetrius demi denis denise deniz dennis denver deon derek
derick dermot derrell derrick derya desiree desmond despina desta destiny detlef devan devendra
devin devon devyn dewey dewi dexter dhruv dian diana diane dianna dianne didem didier diego dieter
dietmar dietrich dilan dilani dilek dilip dillon dilnoza dimitra dimitrios dimitris dina dindo
dinesh dinuka dionne dirk dirk-jan divya dixie dixon dmitri dmitry dolly dolores domenico domingo
dominic dominick dominique don donal donald donatella dong dong-hyun donna donnie donovan dora
dorian dorin doris dorota dorothea dorothy dorris dorthy dottie doug dougal douglas dov doyun
dragan drake drew dritan duane duc duke dulce dumitru duncan dung durga dusan dustin duy dvora
dwain dwayne dwight dylan eamon eamonn earl easton ebere ebrahim ebru ebuka ece ed eddie eddy
edeltraud eden edgar edie edison edith edmond edmund edna edoardo edson eduardo edward edwin
edwina edyta eero effie efrain efrat efren egon ehsan eija eileen eilidh eimear einar eino eirian
eitan ekaterina ekkehard eko elad elaina elaine elbert eldon eleanor eleanora eleftheria elena
eleni eleonora elfriede elham eli eliana eliane elias eliezer elif elijah elin elina eline elira
elisa elisabeth elise eliseo elisha elissa eliyahu eliza elizabeth elke ella elle ellen elliana
ellie ellinor elliot elliott ellis ellison elmar elmer elmo elodie eloise eloy elroy elsa elsbeth
elsie elva elvira elvis elzbieta emad emanuel emanuela emanuele emeka emel emeline emelita emely
emerson emery emi emiko emil emilia emiliano emilie emilio emily emine emma emmanuel emmanuelle
emmeline emmett emory emre emrys endang engin enid eniola ennis enoch enrico enrique enzo eoin
ephraim erdem eri eric erica erich erik erika erin erkan erlinda erma erna ernest ernestine
ernesto ernie ernst errol ervin erwin eskil esme esmeralda espen esperanza esra essie esteban
estefania estefany estella estelle ester esther esti estrella eszter ethan ethel etienne etta
ettore eugene eugenia eugenie eugenio eula eun eun-ji eun-young eunice eusebio eva evan evangelia
evangeline evangelos eve evelyn evelyne everett everly everton evgenia evgeny evie evren ewa ewald
ewan ewelina eyerusalem ezekiel ezequiel ezgi ezra fabian fabiana fabien fabienne fabio fabrice
fabrizio facundo fadi fadwa fahad faisal faith falk fang farah farai faraj faraji farhad farhan
farid faridah farideh farnaz farrukh farzad farzana fatih fatima fatma fatmir fatou fatoumata
faustino fawad fawzi faye fayez federica federico fedor fei felicia feliciano felicity felipe
felix femke feng fenna ferenc fereshteh fergus ferhat feride fern fernanda fernando fidel fikru
filip filippo filiz finley finn finnegan fintan fiona fionn fionnuala fiorella firas fisher fitri
fitzgerald flavia flavio fletcher floor flor flora flordeliza florence florencia florencio florian
florin floyd flynn folake folasade ford forrest foster fotini frances francesca francesco francine
francis francisca francisco franco francois francoise frank frankie franklin frantisek franz
franziska fraser fred freda freddie frederic frederick freya frida frieda friedrich fritz fumiko
fumio funke funmilayo furaha fyodor gabor gabriel gabriela gabriele gabriella gabrielle gael
gaelle gaetan gaetano gage gagik gaige gail gal galen galina ganesh gang gannon garegin gareth
garland garrett garrison garry garth gary gaston gaurav gauri gavin geert geeta gemma gene genesis
genet geneva genevieve gennady genti geoffrey georg george georgette georgia georgina georgios
georgy geraint gerald geraldine gerard gerardo gerda gergely gerhard gerlinde german gernot gerrit
gerry gert gertrud gertrude ghada ghassan gheorghe giacomo giada giang gianluca gianna gianni
giannis gideon gil gilad gilbert gilberto gilda gilles gilson gina ginger gino giorgi giorgia
giorgio giovana giovanna giovanni girish girma gisela gisele giselle gita giulia giuliana giuliano
giulio giuseppe giuseppina gizem gladys glaucia glen glenda glenn glenna gloria glyn gohar gokhan
goldie golnaz gonzalo gopal goran gordon gottfried gottlieb govind grace gracie graciela grady
graeme graham grainne grant grayson graziella grazyna greg gregg gregor gregorio gregory greta
gretchen griffin grigory grzegorz guadalupe guang gudrun guido guilherme guillaume guillermo gul
gulalai gulnara gulnora gulsen gulten gunhild gunjan gunnar gunter gunther guoqing gus gustav
gustave gustavo guus guy gwen gwendolyn gwilym gwyneth gyorgy gyu gyula ha ha-eun habib habibullah
habibur hadas hadassah haden hadi hadley hae hafez hafiz hai haile hailey hajun hakan hakob hakon
hal hala haley halil halina hallie halvard hamad hamed hamid hamidullah hamish hamza hana hanako
hanan hanh hani hank hanna hannah hanne hanneke hannelore hans hans-jurgen hans-peter hao haoran
haoyu harald hari haris harish harlan harley harlow harmony harold harper harri harriet harriett
harrison harry harsha hartmut haru haruka haruki harun haruto harvey hasan haslinda hasmik hassan
hatem hatice hattie haya hayato hayden hayk hayley haytham hazel hazem heath heather heaven hector
hedda hedwig heide heidi heike heikki heiko heinrich heinz heitor helen helena helene helga helge
helmi helmut hemant hendra hendrik hendrika henk henning henri henrietta henrik henry henryk
herbert heriberto herman hermann herschel heru herve hevi hiba hideki hideo hieu hikari hikaru
hila hilario hilary hilda hilde hildegard hillary hinata hind hiroko hiromi hiroshi hiroto hirut
hisako hisham hitomi hjalmar hoa hoang hoda holden holger hollie hollis holly homer hong hope
horacio horst hortensia hossam hossein houston howard hoyt hua hubert hudson hugh hugo hugues hui
hulya humberto hung hunter huong huseyin hussain hussein huw huy hye hye-jin hyun hyun-woo hyunwoo
iain ian iara ibrahim ibrahima ichiro ida idan idris ieuan ifeanyi ifeoma ignacio igor ijeoma
ikechukwu ilan ilaria ildiko ileana ilene ilir ilker ilkka ilse ilya ilze imad iman imani imelda
imogen imogene imran imre inbal indah india indira indu ines inese inga inge ingeborg inger ingo
ingrid ingvar inmaculada inna intan ioana ioanna ioannis iolo ion ionut ipek ira irakli irawati
irem irene irfan irina iris irma irmgard irvin irving iryna isa isaac isabel isabela isabella
isabelle isadora isaiah isaias ishaan ishita isidro isla ismael ismail israel issa istvan itai
itzel itzik iulia iulian ivan ivana ivette ivo ivone ivy iwan iwona izaiah izzati izzy jaana jaap
jabari jacek jacinto jack jackeline jackie jacklyn jackson jaclyn jacob jacqueline jacques jada
jade jaden jadwiga jaelyn jagdish jahangir jaiden jaime jair jake jakob jakub jalal jalen jalisa
jalissa jamal james jameson jamie jamil jan jana janae jane janelle janet janice janie janina
janine janis janiya janos janusz jaqueline jared jarl jarmo jaroslav jaroslaw jarrett jarrod
jarvis jasmine jason jasper jasur javier javon jawad jawid jaxon jay jaya jayant jaycee jayden
jayla jaylen jaylin jaylon jazlyn jazmin jean jean-claude jean-luc jean-marc jean-paul jean-pierre
jeanette jeanie jeanne jeannie jed jeff jefferson jeffery jeffrey jelena jelle jemima jenifer
jenna jennie jennifer jenny jens jerald jeremiah jeremy jericho jeroen jerome jerrod jerry jerzy
jesper jesse jessica jessie jesus jethro jett jewel jewell ji-ho ji-hoon ji-woo ji-yeon ji-young
jia jiahui jian jiang jianguo jianhua jiayi jie jihoon jill jillian jim jimena jimmy jin jin-woo
jing jiri jisoo jitendra jiwoo jiyan jiyeon jo joachim joan joanie joann joanna joanne joao
joaquim joaquin jocelyn jocelyne jochen jodi jodie jody joe joel joelle joey johan johann johanna
johannes john johnathan johnnie johnny joko jolanta jolene jolie jon jonah jonalyn jonas jonathan
jonathon jong joon joost jordan jordyn jorg jorge jorgen joris jorunn jose josef josefina joselito
joselyn joseph josephine josette josh joshua josiah josie josip josue jovana jovanny joy joyce
jozef jozsef juan juana judah judd judit judith judson judy juha jukka jules julia julian juliana
julie julien juliet juliette julio juma jun jun-ho junaid june junichi junior junjie junko jurgen
juris jussi justin justine justus justyna jutta jyoti ka kacey kaden kadiatou kadir kaede kai kaia
kaila kailey kairat kaisa kaitlin kaitlyn kaito kajal kaleb kalle kalliope kalpana kam kamal
kamala kamau kameron kamil kamran kamrul kamryn kana kanat kanya kaori kaoru kapil kara karan kare
karel karen kari karim karin karina karissa kariuki karl karl-heinz karla karlie karolina karson
karsten karter kartik kartini kasen kasey kashif kassandra katalin katarina katarzyna kate katelyn
katelynn katerina katharina katharine katherine kathie kathleen kathrine kathryn kathryne kathy
katie katja katlyn katrin katrina katsuo katy katya kaveh kavita kavya kay kayden kayla kaylee
kayleigh kaylin kayode kazimierz kazuhiro kazuki kazuko kazuo keanu keaton kebede keegan keely
keenan kees kehinde kei keiko keira keisuke keith kelechi kellan kellie kelly kelsey kelsie kelvin
kemal ken kendall kendra kendrick kenichi kenji kennedy kenneth kenny kent kenta kenya kenzie keon
kerem keren kermit kerri kerry kesha keshav ketevan keven kevin khadija khady khaled khalid khalil
khanh khoa khurram kian kiara kibet kidist kieran kierra kiley kim kimani kimber kimberley
kimberly kimmo kin kingston kinsley kipchoge kiprono kiran kirill kirk kirsi kirsten kishore kit
kittisak kiyoshi kjell kjersti klaus knox knut kobe kody koen kofi kohei koji kojo konrad
konstantin konstantina konstantinos konstanze kori kostas kourosh krishna kristaps kristen kristi
kristian kristiina kristin kristina kristine kristopher kristy kristyn kriti krystal krystyna
krzysztof ksenia kseniya kubra kuda kujtim kumara kumiko kunal kunle kurt kurtis kwabena kwadwo
kwaku kwame kwasi kwok kyla kyle kylee kyler kylie kyoko kyriakos kyung lacey lachlan lacie lacy
laetitia laila laima lainey lakshmi laleh lalit lamar lamia lamine lamont lan lana lance landen
landon landry lane laney laraine larisa larissa larry lars lasantha lasha laszlo lata latasha
latifa latisha latonya latoya laura laure laurel lauren laurence laurent laurentiu lauri laurie
lauryn lavern laverne lavina lawrence lawson laxmi layla layne lea leah leandra leandro leann
leanna leanne lee leena lefteris lei leia leif leigh leila lela leland lemlem lena lenka lennart
lenny lenora leo leon leona leonard leonardo leonel leonid leonidas leonie leonora leopold
leopoldo lerato leroy lesley leslie lester leszek leta leticia lettie levan levent levi lewis
leyla li lia liam liana liang libby lidia lieke liga lihua liisa lila lilah lilia lilian liliana
lilit lillian lillie lilly lily lin lina lincoln linda lindiwe lindsay lindsey lindy ling lingling
linh linnea linus lionel lior liora lisa lisette liv livia liviu liza lizbeth ljiljana llewelyn
lloyd loan logan loic lois lola long lonnie lora loredana lorelei lorena lorene lorenzo loretta
lori lorie lorna lorraine lothaire lothar lotta lotte lottie lou louis louise lourdes lowell lowri
luana luann lubna lubomir luca lucas lucia lucian luciana luciano lucie lucien lucila lucille
lucinda lucy lucyna ludmila ludovic ludovica ludwig luella luigi luis luisa luiz luka lukas lukasz
luke lula luna lupe luther lutz luz luzviminda lwazi lydia lydie lyla lyle lynda lyndon lynette
lynn lynne lyric lyudmila maarten maayan mabel macarena maciej mack mackenzie macy madalina
madalyn maddalena maddox made madeleine madeline madelyn madelynn madge madhu madhuri madilyn
madison madisyn mae maegan maelle maeve magdalena maggie magnolia magnus mahbub mahesh mahmoud
mahnaz mahnoor mahsa mai maik maiko mairead mairi majed majid makayla makena makenna makoto maksim
malachi malachy malak malakai malalai malcolm malee malgorzata malia malik malin mallory mamadou
mami mamoru man manal manami mandla mandy manfred manish manisha manju manoj manon mansour manuel
manuela mara marat marc marcel marcela marcelino marcella marcello marcelo marcia marcie marcin
marcio marco marcos marcus marcy mareike marek margaret margarete margarita margaux margherita
margie margit margo margot margret marguerite maria mariah mariam mariama marian mariana mariane
mariangela marianna marianne mariano maribel maricel maricela marie marie-claire marieke mariela
marija marijke mariko marilena marilou marilyn marina marine mario marion maris marisa marisol
marissa marit marites maritess maritza mariusz marjorie marjut mark marketa markku marko markus
marla marlene marley marlies marlon marquis marsha marshall marta martha martin martina martine
marton marty marvin marwa marwan mary maryam maryann maryjane marzena masahiro masako masami masao
masaru masato masha mason masoud massimo mateja mateo mateusz matheus mathew mathias mathieu
mathilde matias matilda mats matt matteo matthew matthias matthieu matti mattie maude maura
maureen maurice mauricio maurizio mauro maverick max maxim maxime maximilian maximiliano maximus
maxine maxwell maya mayra mayumi mazen mazlan mckenzie mckinley meadow meena meera mees megan
megha meghan megumi mehdi mehmet mehran mehrdad mehwish mei meiling meinir meir mekhi melanie
melek melike melina melinda melissa mellie melody meltem melvin menachem mercedes mercy meredith
merel merja merle meron merrill merritt mert merve mervin meseret mesut metin mher mi-sook mia
micaela micah michael michaela michal micheal michel michela michele micheline michelle michiko
mickey midori miguel mihaela mihai mihaly mika mikael mikaela mikayla mike mikhail miki mikko
miklos milagros milan mildred miles milica miller millie milly milo milos milton mimoza min min-ho
min-ji min-jun mina mindy ming mingyu minh minji minjun minna minnie minoru mira miranda mircea
mireille mirella mireya miri miriam mirjana mirko miroslav miroslaw misaki missy misty mitch
mitchell mitra mitsuko miyu mizanur moazzam mohamed mohammad mohammed mohan mohsen moira moises
mojgan mollie molly mominul momoko mona monica monika monique monroe monserrat monte montgomery
monty morag morgan morris morten moses moshe mostafa mounir moussa muhammad mukesh mulugeta
mulyadi murali murat murdo muriel murilo murphy mustafa mwangi mwende my mya mylene myles myra
myron myrtle myung na naama nabeel nabil nada nadav nadege nader nadezhda nadia nadim nadine
naftali naim najib najwa nakia nam nan nancy nandi nandini nandor nanette nannie naoki naoko naomi
narek naresh nash nasir nasrin nasser natalia natalie natalya natan natasha nathalia nathalie
nathan nathaniel natsuki naveed naveen navid nawal nayeli ndeye neal nechama necla neda neelam
neema neeraj negar neha neil nelda nell nellie nelson nemanja nenita nermin nesrin nestor netanel
nettie nevaeh nga ngoc ngozi nguyet nhung nia niall niamh nicholas nichole nick nickolas nico
nicola nicolae nicolas nicole nicoletta nida nidal niels nienke nigel nihat niina nikhil nikita
nikki niklas nikola nikolai nikolaos nikolas nikolay nikos nilesh niloufar nils nilufer nimal nina
ning nino niran nisha nitin nizar njeri njoroge nkechi nnamdi noa noah noam noboru nobuko nobuo
nodar noe noel noelle noemi noemie nok nola nolan nomsa nomvula nona noor nora norah norazlina
norbert norberto norene noriko norma norman norris nour novella nune nunzia nur nura nursultan
nurul nuwan nya nyambura nyasha nyla oakley oaklynn oanh obinna oceane ochieng octavia octavio
odell odessa odette odhiambo odile odin ofelia ofer ofra oisin oksana ola oladele olaf olamide
olanrewaju olav olawale ole oleg olen olena olga olive oliver olivia olivier ollie olufemi olumide
oluwaseun oluwatobi omar omari omer omid omondi ondrej onyeka opal ophelia oralia orazio oren
orion orit orla orlaith orlando ornella orsolya ortrud orval orville osama osamu oscar oskar
oskari osnat osvaldo otavio otieno otis ottavio ottilie otto oumar ousmane ovidiu owain owen
oyvind ozan ozge ozlem ozzie paavo pablo padma padraig paige paisley palesa paloma pam pamela
panagiotis pankaj pantelis paola paolo paraskevi paris parisa parker parth parviz pascal pascale
pasquale pat patience patrice patricia patricio patrick patrizia patsy pattie patty paul paula
paulette paulina pauline paulo pavel pavla pawel paxton payam payton peadar pearl pearlie pedro
pegah peggy pekka penda penelope peng penny pepper per percy perla pernilla perry pertti pete
peter petr petra petri petros petru peyton phil philip philippe phillip phoebe phuong phyllis
pierce piero pierre pieter pietro pilar pim pinar ping piotr piper pirjo piroska po polina polly
pooja porter prabhu pradeep prakash pranav prasert prashant pratik praveen predrag preeti prem
presley preston prince princess priscila priscilla priya priyanka przemyslaw puja putri putu qamar
qasim qian qiang qing quang quentin quincy quinn quintin quoc quynh rabia rabin rachael rachel
rachelle radek radha radka radoslaw radu rae raegan raelyn rafael rafaela rafal raffaele raffaella
rafiq raghav ragnar ragnhild rahim rahmat rahul raiden raimo raimonds raina rainer raj rajan
rajendra rajesh rajiv rakesh raleigh ralf ralph raluca ram ramesh rami ramiro ramon ramona rana
randa randal randall randolph randy rani rania raphael raphaelle raquel rasa rasha rashad rashid
rashida rasmus ratko ratna raul ravi rawan ray raymond raymundo rayna razvan reagan reanna reba
rebecca rebekah recep reed reem reena reese refugio regan reggie regina reginald regis rehema reid
reiko reina reinaldo reinhard reinhold reka rekha remedios remi remington remy ren renata renate
renato renaud rene renee renu retno reuben rex reyna reza rhea rhett rhian rhiannon rhodri rhona
rhonda rhys ricardo riccardo richard richie rick rickey ricky rico rida rigoberto riikka rik riko
riley rima rin rina rio risto rita ritu rivka rizwan rob robbie robert roberta roberto robin robyn
rocco rochelle rocio rocky rod rodel rodney rodolfo rodrigo rogelio roger rogerio rohan rohit
rojda rojin rokeya roland rolando rolf roman romano romeo ron ronald ronan ronda rong roni ronit
ronnie rory rosa rosalba rosalie rosalind rosalinda rosalyn rosana rosanna rosanne rosario roscoe
rose roselyn rosemarie rosemary rosetta rosie rosli ross rossella rowan rowena roxana roxanne
roxie roy roya royal royce ruairi ruben rubin ruby rubye rudiger rudo rudolf rudolph rudy rufus
rui rukiye rula runa rune ruoxi rupert rupprecht ruslan russ russell rustam rusty rutger ruth
ruthie ruti ruud ruwan ryan ryder rylan rylee rylie ryo ryota ryszard ryuichi saad sabah sabina
sabine sabita sabri sabrina sachiko sachin sadia sadie saeed safa safiya sagar sage sahar sahil
sai said saima sajid sakshi sakura salah saleh salem salim saliou sally salma salman salvador
salvatore sam saman samantha sami samia samir samira sammie sammy sampath samuel sana sanaa sanaz
sandeep sander sandor sandra sandrine sandro sandy sang sangeeta sanja sanjar sanjay sanjeev sanna
sanne santana santiago santino santos santosh sapna sara sarah sarai sargis sari sarit sarita
sascha sasha satish satoko satomi satoru satoshi saul saurabh savannah sawsan sawyer sayaka saylor
scarlet scarlett scott scotty seamus sean sebastian sebastien seda seema segun selah selam
selamawit selena selim selin selma sem semra semyon seo-yeon seo-yun seojun seoyeon seppo serap
serena serenity serge sergei sergey sergio serkan seth setiawan seun seung severine sevgi sevim
seydou shabnam shadi shafiq shafiqul shahid shahla shahlo shahram shahzad shai shaina shakira
shalini shalom shamim shan shana shane shanice shaniqua shankar shanna shannan shannon sharad
sharif sharmin sharon sharron shashi shaun shauna shawn shawna shawnee shayla shaylee sheetal
sheila shelby shelia shelley shelly shelton sheng shereen sheri sherif sherko sherman sherri
sherrie sherry sheryl shigeru shikha shiloh shilpa shimon shing shinji shiori shira shirin shirley
shiv shivani shlomo shmuel shoaib shola shoshana shota shreya shruti shu shuang shula shun
shunsuke shweta siamak sian sibel sibusiso siddharth sidney siegfried siem sienna sierra sigrid
siham silas silke silvana silvia sima simon simona simone simran sinan sincere sindre sinead
siobhan sioned siphiwe sipho siri sirpa sita siti siu sjoerd skye skylar slamet slawomir sloane
slobodan smita sneha snezana sobia sofia soheila sola solange soledad solene solomon solveig
sombat somchai somsak son sonal songul sonia sonja sonny sonya soo soo-jin sook sophia sophie sora
soraya sorcha soren sorin sota souad souleymane spencer spyros srdjan sri stacey stacie stacy
stanislav stanislaw stanley stanton stavros stefan stefania stefanie stefano steffen stelios
stella sten stepan stephan stephane stephanie stephen sterling stetson steve steven stevie stig
stijn struan stuart su-bin subhash suda sudha sudhir sue suha suharto sujata sukarno sulaiman
suleyman sullivan sultan suman sumin sumit summer sunan sung sung-min sunil sunita sunny supachai
suresh susan susana susanna susanne sushil susie susilo sutton suzanne suzette svea sven svetlana
swati swen sybil sydney sylvain sylvia sylvie sylwia szilvia szymon tabatha tabitha tad tadashi
tadesse tadeusz tadhg tafadzwa taher tahir tahmina taiwo tak takahiro takashi takeshi takumi
takuya tal talal talha talia talon tam tamar tamara tamari tamas tamer tamia tamika tammie tammy
tamra tania tanja tanner tanveer tanvi tanvir tanya tao tapio tara taras tarek tariq tarja taro
tarun tate tatenda tatiana tatum tatyana tawana taylor teagan ted teemu tegan teguh temitope
tendai tengiz teodora teodoro teresa tereza teri terje terrance terrell terrence terri terry
tesfaye tess tessa tetsuya teun thabo thad thaddeus thalia thanasis thanawat thandeka thandiwe
thang thanh thao thea thelma themba theo theodora theodore theodoros theresa thiago thibault
thierry thijs thilini thomas thor thorsten thu thulani thurman thuy tia tiana tianna tibor tien
tiffany tigist tigran tiina tijn tillie tim timmy timo timothee timothy timur tina ting tingting
titus tiziana tobi tobias tobin toby todd tolga tom tomas tomasz tomislav tommaso tommy tomoko
tomomi tomos toni tony tonya tor torbjorn tori tormod torsten toru toshiko toshiro tova tove
tracee tracey traci tracie tracy trang travis travon trent trenton trevor trey tri tricia trinh
trinidad trinity trisha tristan tristen trond troy trudy truman trung trystan tshepo tsion tsubasa
tsuyoshi tuan tucker tugba tumaini tuncay tunde tuomas tuula tuyet twila tyler tyra tyrell tyrone
tyson tzipora uchechi uchenna udo ugochi ugur ulf ulises ulla ulrich ulrika ulrike ulugbek uma
umair umesh umut una upul uri ursula urszula usha usman ute uwe vaclav vadim vahe vahid valbona
valdir valentin valentina valentino valeria valerie valerio valery van vance vandana vanderlei
vanessa vardan varun vasant vasile vasiliki vasilis vasily vaughn veikko velma vera verna vernice
vernon veronica veronique vesna vicente vicki vickie vicky victor victoria vida vidar vidya viet
viggo vijay vikas vikram viktor viktoria ville vilma vinay vince vincent vincenzo vinicius vinnie
vinod viola violet viorel vipin virgil virgilio virginia virginie vishal vitaly vitor vittoria
vittorio vivek vivian viviana vladan vladimir vladislav volkan volker volodymyr vy vyacheslav
vytautas wade wael wagner wahid wahyu wai wairimu waldemar waleed walid walker wallace walter
waltraud wan wanda wanjiku wanjiru waqar ward warren washington wassim wataru wati wayne wei
weiwei wellington wen wendelin wendell wendi wendy werner wesley weston whitney wichai widodo
wieslaw wiktoria wilber wilbur wiley wilford wilfred wilfried wilhelm wilhelmina will willa
willard william willie willis willow wilma wilson wim winfried wing winifred winnie winston witold
wladyslaw wojciech wolfgang wolfram won woo wout wouter wulan wyatt xander xanthi xavier xia xiang
xiao xiaohong xiaoling xiaoming ximena xin xinyi xiu xiuying xuan xue yaa yaakov yacouba yadira
yael yahir yahya yair yan yang yannick yanping yanti yaroslav yasaman yasemin yash yasir yasmin
yasmine yasser yassin yasuko yasushi yat yavuz yaw yee yehuda yejin yekaterina yelena yeliz yen
yeon yerlan yesenia yetunde yevgeny yi yiannis yik yildiz yiming ying yitzhak ymke yoav yogesh
yohannes yoko yolanda yonas yonatan yong yosef yoselin yoshiko yoshiro young young-ho yousef
youssef yu yu-jin yuan yudi yue yuhua yui yuka yukari yuki yukiko yuko yulia yumi yumiko yun yuna
yuri yury yusuf yusuke yuta yutaka yuting yuto yuxuan yves yvette yvonne zachary zack zahra zaid
zain zainab zainal zakaria zalmay zana zander zane zanele zara zaria zarina zawadi zbigniew zdenek
zdzislaw zechariah zehava zehra zeina zeinab zelda zeljko zelma zewdu zeynep zhanna zhen zhi
zhiqiang zhiwei zhong ziad zigmas zihan zina zion ziv zixuan ziyi zodwa zoe zoey zofia zoie zoila
zola zoltan zoran zoya zsofia zsolt zsuzsanna zubair zulkifli zurab zuri zuzana zuzanna
`;

/** Lower-case given names, without diacritics. */
export const FIRST_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter((name) => name.length > 0));
