// Word banks for the corpus. Names and places are common ones from public lists; none of the
// people exist. Clinical terms are everyday diagnoses, medications and procedures.

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Christopher', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Steven', 'Kimberly',
  'Andrew', 'Emily', 'Kevin', 'Michelle', 'Brian', 'Amanda', 'Luis', 'Sofia', 'Carlos', 'Camila',
  'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Aiko', 'Raj', 'Priya', 'Arjun', 'Ananya', 'Mohammed', 'Fatima',
  'Omar', 'Layla', 'Oluwaseun', 'Chinonso', 'Kwame', 'Amara', 'Ivan', 'Olga', 'Dmitri', 'Katarzyna',
  'Lukas', 'Hannah', 'Mateo', 'Valentina', 'Diego', 'Lucia', 'Sean', 'Siobhan', 'Ngozi', 'Tariq',
  'Elena', 'Marco', 'Giulia', 'Pierre', 'Camille', 'Henrik', 'Ingrid', 'Javier', 'Mariana', 'Tomasz',
  'Zoe', 'Nathan', 'Chloe', 'Ethan', 'Olivia', 'Noah', 'Ava', 'Liam', 'Isabella', 'Gabriel',
  'José', 'María', 'Zoë', 'Björn', 'Søren', 'François', 'Łukasz', 'Renée',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Chen', 'Wang', 'Li', 'Zhang', 'Tanaka', 'Suzuki', 'Sato', 'Kim', 'Park', 'Patel', 'Sharma', 'Gupta',
  'Singh', 'Khan', 'Haddad', 'Rahman', 'Okafor', 'Adeyemi', 'Mensah', 'Novak', 'Kowalski', 'Ivanova',
  'Petrov', 'Müller', 'Schmidt', 'Fischer', 'Rossi', 'Bianchi', 'Dubois', 'Moreau', 'Jansen', 'de Vries',
  'Andersson', 'Nielsen', "O'Brien", 'Murphy', 'Kelly', 'Fernández', 'Silva', 'Santos', 'Costa', 'Becker',
  'Hoffmann', 'Schneider', 'Yamamoto', 'Nakamura', 'Cohen', 'Levi', 'Papadopoulos', 'Nowak', 'Horvath', 'Popescu',
];

export const MIDDLE_INITIALS = 'ABCDEFGHJKLMNPRSTW';

export const TITLES = ['Dr.', 'Mr.', 'Ms.', 'Mrs.', 'Prof.'];

export const STREET_NAMES = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Sunset', 'Highland',
  'Jefferson', 'Lincoln', 'Madison', 'Franklin', 'Willow', 'Chestnut', 'Walnut', 'Spring', 'River', 'Church',
  'Meadow', 'Ridge', 'Forest', 'Valley', 'Mill', 'Lakeview', 'Briarwood', 'Magnolia', 'Dogwood', 'Sycamore',
  'Martin Luther King Jr', 'Peachtree', 'Mission', 'Broadway', 'Colorado', 'Cherry Blossom', 'Harbor',
];

export const STREET_SUFFIXES = ['Street', 'St', 'Avenue', 'Ave', 'Road', 'Rd', 'Boulevard', 'Blvd', 'Lane', 'Ln', 'Drive', 'Dr', 'Court', 'Ct', 'Way', 'Place', 'Pl', 'Terrace', 'Circle', 'Parkway'];

export const UNITS = ['Apt 4B', 'Apt. 12', 'Suite 300', 'Ste 210', 'Unit 7', '#5', 'Apt 1102', 'Floor 3'];

/** City, state, and the first three digits of its ZIP codes. */
export const CITIES: readonly (readonly [string, string, string])[] = [
  ['Springfield', 'IL', '627'], ['Austin', 'TX', '787'], ['Denver', 'CO', '802'], ['Portland', 'OR', '972'],
  ['Seattle', 'WA', '981'], ['Boston', 'MA', '021'], ['Atlanta', 'GA', '303'], ['Phoenix', 'AZ', '850'],
  ['Columbus', 'OH', '432'], ['Nashville', 'TN', '372'], ['Raleigh', 'NC', '276'], ['Madison', 'WI', '537'],
  ['Sacramento', 'CA', '958'], ['San Diego', 'CA', '921'], ['Oakland', 'CA', '946'], ['Brooklyn', 'NY', '112'],
  ['Buffalo', 'NY', '142'], ['Miami', 'FL', '331'], ['Tampa', 'FL', '336'], ['Minneapolis', 'MN', '554'],
  ['St. Louis', 'MO', '631'], ['Kansas City', 'MO', '641'], ['Salt Lake City', 'UT', '841'], ['Albuquerque', 'NM', '871'],
  ['Pittsburgh', 'PA', '152'], ['Baltimore', 'MD', '212'], ['Richmond', 'VA', '232'], ['Louisville', 'KY', '402'],
  ['Omaha', 'NE', '681'], ['Boise', 'ID', '837'], ['Anchorage', 'AK', '995'], ['Honolulu', 'HI', '968'],
  ['Burlington', 'VT', '054'], ['Providence', 'RI', '029'], ['Hartford', 'CT', '061'], ['Charleston', 'SC', '294'],
];

export const COMPANIES = [
  'Acme Logistics', 'Northwind Traders', 'Globex', 'Initech', 'Umbrella Health', 'Stark Industries',
  'Blue Harbor Capital', 'Pinecrest Dental', 'Riverside Clinic', 'Summit Analytics', 'Brightline Software',
  'Evergreen Insurance', 'Cobalt Freight', 'Helios Energy', 'Maple Leaf Bakery', 'Orbit Labs', 'Vertex Retail',
  'Redwood Credit Union', 'Lakeside Pharmacy', 'Silverline Payments', 'Quantum Devices', 'Harborview Medical',
];

export const EMAIL_DOMAINS = [
  'gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hotmail.com', 'aol.com', 'fastmail.com',
  'acmelogistics.com', 'northwind.io', 'globex.net', 'initech.co', 'umbrellahealth.org', 'summit-analytics.com',
  'brightline.dev', 'evergreen-ins.com', 'cobaltfreight.co.uk', 'helios-energy.de', 'orbitlabs.ai', 'vertexretail.com',
  'redwoodcu.org', 'harborview.health', 'mail.utoronto.ca', 'student.unimelb.edu.au', 'gmx.de', 'web.de', 'orange.fr',
];

export const DIAGNOSES = [
  'type 2 diabetes mellitus', 'type 1 diabetes', 'hypertension', 'essential hypertension', 'hyperlipidemia',
  'major depressive disorder', 'generalized anxiety disorder', 'bipolar disorder', 'schizophrenia', 'PTSD',
  'asthma', 'COPD', 'chronic obstructive pulmonary disease', 'pneumonia', 'HIV', 'hepatitis C', 'hepatitis B',
  'breast cancer', 'prostate cancer', 'non-small cell lung cancer', 'colon cancer', 'melanoma', 'leukemia',
  'atrial fibrillation', 'congestive heart failure', 'coronary artery disease', 'chronic kidney disease',
  'hypothyroidism', 'rheumatoid arthritis', 'osteoarthritis', 'multiple sclerosis', "Parkinson's disease",
  "Alzheimer's disease", 'epilepsy', 'migraine', "Crohn's disease", 'ulcerative colitis', 'celiac disease',
  'opioid use disorder', 'alcohol use disorder', 'anorexia nervosa', 'gestational diabetes', 'sleep apnea',
  'iron deficiency anemia', 'sickle cell disease', 'lupus', 'psoriasis', 'GERD', 'tuberculosis', 'chlamydia',
];

export const MEDICATIONS = [
  'metformin', 'insulin glargine', 'lisinopril', 'amlodipine', 'atorvastatin', 'simvastatin', 'sertraline',
  'fluoxetine', 'escitalopram', 'bupropion', 'lithium', 'quetiapine', 'aripiprazole', 'albuterol', 'prednisone',
  'levothyroxine', 'warfarin', 'apixaban', 'clopidogrel', 'metoprolol', 'losartan', 'hydrochlorothiazide',
  'gabapentin', 'oxycodone', 'buprenorphine', 'methadone', 'naltrexone', 'adalimumab', 'methotrexate',
  'tamoxifen', 'letrozole', 'Ozempic', 'semaglutide', 'Humira', 'Eliquis', 'Xarelto', 'Adderall', 'Truvada',
  'omeprazole', 'pantoprazole', 'montelukast', 'sumatriptan', 'levetiracetam', 'donepezil', 'tacrolimus',
];

export const PROCEDURES = [
  'colonoscopy', 'appendectomy', 'cholecystectomy', 'knee arthroscopy', 'total hip replacement', 'MRI of the lumbar spine',
  'CT scan of the chest', 'echocardiogram', 'cardiac catheterization', 'coronary bypass surgery', 'mastectomy',
  'lumpectomy', 'chemotherapy', 'radiation therapy', 'dialysis', 'hysterectomy', 'cesarean section', 'biopsy',
  'spinal fusion', 'cataract surgery', 'tonsillectomy', 'upper endoscopy', 'bone marrow transplant', 'angioplasty',
];

/** Real ICD-10-CM codes, as written on claims and notes. */
export const ICD10_CODES = [
  'E11.9', 'E11.65', 'E10.9', 'I10', 'E78.5', 'F32.9', 'F33.1', 'F41.1', 'F31.9', 'F20.9', 'F43.10', 'J45.909',
  'J44.9', 'J18.9', 'B20', 'B18.2', 'C50.911', 'C61', 'C34.90', 'C18.9', 'I48.91', 'I50.9', 'I25.10', 'N18.3',
  'E03.9', 'M06.9', 'M17.11', 'G35', 'G20', 'G30.9', 'G40.909', 'G43.909', 'K50.90', 'K51.90', 'K90.0',
  'F11.20', 'F10.20', 'O24.419', 'G47.33', 'D50.9', 'M32.9', 'L40.0', 'K21.9', 'Z79.4', 'R07.9', 'S72.001A',
  'M54.5', 'E66.01', 'Z34.00', 'N39.0',
];

export const PRODUCTS = [
  'wireless headphones', 'standing desk', 'espresso machine', 'trail running shoes', 'USB-C hub', 'mechanical keyboard',
  'ergonomic chair', '4K monitor', 'air purifier', 'cast iron skillet', 'yoga mat', 'backpack', 'smart thermostat',
];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const HANDLES = ['jdoe', 'mk', 'sam.ops', 'devbot', 'alex_r', 'pm-lena', 'tk', 'oncall', 'ravi', 'nina.qa', 'b.ortiz', 'chris', 'support-bot', 'dana', 'eng-lead'];

export const TEAMS = ['billing', 'platform', 'payments', 'onboarding', 'compliance', 'data', 'mobile', 'infra', 'growth', 'support'];

export const SERVICES = ['checkout-api', 'auth-service', 'billing-worker', 'notifier', 'search-indexer', 'ledger', 'gateway', 'reports-cron'];
