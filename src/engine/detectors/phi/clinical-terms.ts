// Clinical vocabulary for the PHI detector (and context for ICD10_CODE). A term alone is not PHI:
// the detector only reports a term that is tied to a person (see phi.ts). Multi-word terms match
// across any short whitespace, a hyphen also matches a space or nothing, an apostrophe also ’.
// Words with a common non-clinical sense are left out or only listed in a longer phrase
// ("seizure disorder", not "seizure"; no "flu", "shingles", "fracture", "rehab"; "x-ray" only with a
// body part, see term-spans.ts).

/** Conditions and diagnoses; matched case-insensitively as whole words. */
const CONDITIONS = [
  // Metabolic, cardiovascular, renal
  'diabetes', 'type 1 diabetes', 'type 2 diabetes', 'diabetes mellitus', 'type 1 diabetes mellitus',
  'type 2 diabetes mellitus', 'prediabetes', 'gestational diabetes', 'diabetic ketoacidosis', 'ketoacidosis',
  'hypoglycemia', 'hyperglycemia', 'hypertension', 'essential hypertension', 'high blood pressure', 'hypotension',
  'hyperlipidemia', 'hypercholesterolemia', 'high cholesterol', 'obesity', 'morbid obesity',
  'hypothyroidism', 'hyperthyroidism', "graves' disease", "hashimoto's", "addison's disease",
  "cushing's syndrome", 'heart attack', 'myocardial infarction', 'heart failure',
  'congestive heart failure', 'coronary artery disease', 'peripheral artery disease',
  'cardiomyopathy', 'angina', 'arrhythmia', 'atrial fibrillation', 'afib', 'a-fib', 'aneurysm',
  'stroke', 'pulmonary embolism', 'deep vein thrombosis', 'kidney disease', 'chronic kidney disease',
  'end-stage renal disease', 'renal failure', 'kidney failure', 'kidney stones', 'liver failure',
  'cirrhosis', 'fatty liver disease', 'hepatitis', 'hepatitis a', 'hepatitis b', 'hepatitis c',
  'pancreatitis',
  // Cancer
  'cancer', 'breast cancer', 'prostate cancer', 'lung cancer', 'colon cancer', 'colorectal cancer',
  'pancreatic cancer', 'ovarian cancer', 'cervical cancer', 'skin cancer', 'thyroid cancer',
  'bladder cancer', 'liver cancer', 'small cell lung cancer', 'non-small cell lung cancer',
  'brain tumor', 'leukemia', 'lymphoma', 'melanoma', 'carcinoma', 'sarcoma', 'myeloma', 'glioblastoma',
  'mesothelioma', 'neuroblastoma', 'tumor', 'tumour', 'metastatic', 'metastases', 'metastasis',
  // Mental health and substance use
  'depression', 'major depressive disorder', 'depressive disorder', 'anxiety disorder',
  'generalized anxiety disorder', 'social anxiety disorder', 'panic disorder', 'panic attacks',
  'bipolar disorder', 'schizophrenia', 'schizoaffective disorder', 'psychosis', 'psychotic episode',
  'manic episode', 'post-traumatic stress disorder', 'obsessive-compulsive disorder',
  'personality disorder', 'borderline personality disorder', 'eating disorder', 'anorexia',
  'anorexia nervosa', 'bulimia', 'binge eating disorder', 'autism', 'autism spectrum disorder',
  'attention deficit hyperactivity disorder', "tourette's", 'tourette syndrome', 'gender dysphoria',
  'dementia', "alzheimer's", 'alzheimers', "alzheimer's disease", 'suicidal ideation', 'suicide attempt',
  'attempted suicide', 'self-harm', 'substance abuse', 'substance use disorder', 'alcoholism',
  'alcohol use disorder', 'opioid use disorder', 'opioid addiction', 'drug addiction', 'addiction',
  'overdose',
  // Neurological
  'epilepsy', 'seizure disorder', "parkinson's", "parkinson's disease", 'multiple sclerosis',
  'amyotrophic lateral sclerosis', "lou gehrig's disease", "huntington's disease", 'cerebral palsy',
  'migraine', 'migraines', 'neuropathy', 'concussion', 'traumatic brain injury',
  'spinal cord injury', 'paralysis', 'paraplegia', 'quadriplegia', 'coma',
  // Respiratory, infectious, sexual health
  'asthma', 'chronic obstructive pulmonary disease', 'emphysema', 'chronic bronchitis', 'bronchitis',
  'pneumonia', 'tuberculosis', 'cystic fibrosis', 'sleep apnea', 'covid-19', 'covid', 'long covid', 'influenza', 'sepsis',
  'meningitis', 'encephalitis', 'lyme disease', 'malaria', 'measles', 'mpox', 'monkeypox',
  'urinary tract infection', 'chlamydia', 'gonorrhea', 'syphilis', 'herpes', 'genital warts',
  'sexually transmitted infection', 'sexually transmitted disease', 'erectile dysfunction',
  // Other chronic conditions
  'lupus', 'rheumatoid arthritis', 'arthritis', 'osteoarthritis', 'osteoporosis', 'gout',
  'fibromyalgia', 'psoriasis', 'eczema', 'celiac disease', "crohn's disease", "crohn's",
  'ulcerative colitis', 'irritable bowel syndrome', 'diverticulitis', 'appendicitis',
  'acid reflux', 'gastroesophageal reflux disease', 'peptic ulcer', 'endometriosis',
  'polycystic ovary syndrome', 'sickle cell', 'sickle cell disease', 'hemophilia', 'anemia',
  'glaucoma', 'macular degeneration', 'cataracts', 'hearing loss', 'muscular dystrophy',
  'down syndrome', 'spina bifida', 'insomnia', 'incontinence', 'anaphylaxis',
  // Reproductive
  'pregnancy', 'pregnant', 'miscarriage', 'abortion', 'ectopic pregnancy', 'preeclampsia',
  'infertility', 'stillbirth',
  // End of life
  'terminal illness', 'terminally ill',
];

/** Medications by generic and brand name; matched case-insensitively as whole words. */
const MEDICATIONS = [
  // Diabetes
  'insulin', 'insulin glargine', 'metformin', 'glipizide', 'glyburide', 'glimepiride',
  'sitagliptin', 'pioglitazone', 'empagliflozin', 'dapagliflozin', 'semaglutide', 'liraglutide',
  'dulaglutide', 'tirzepatide', 'ozempic', 'wegovy', 'mounjaro', 'zepbound', 'trulicity',
  'victoza', 'januvia', 'jardiance', 'farxiga', 'lantus', 'humalog', 'novolog', 'levemir',
  'tresiba', 'glucophage',
  // Cardiovascular
  'lisinopril', 'enalapril', 'ramipril', 'benazepril', 'losartan', 'valsartan', 'olmesartan',
  'amlodipine', 'diltiazem', 'metoprolol', 'atenolol', 'carvedilol', 'propranolol',
  'hydrochlorothiazide', 'furosemide', 'spironolactone', 'digoxin', 'amiodarone', 'nitroglycerin',
  'atorvastatin', 'simvastatin', 'rosuvastatin', 'pravastatin', 'lovastatin', 'ezetimibe',
  'lipitor', 'crestor', 'zocor', 'warfarin', 'coumadin', 'apixaban', 'eliquis', 'rivaroxaban',
  'xarelto', 'dabigatran', 'clopidogrel', 'plavix', 'heparin', 'enoxaparin', 'lasix',
  // Endocrine, hormones, reproductive
  'levothyroxine', 'synthroid', 'prednisone', 'prednisolone', 'methylprednisolone', 'dexamethasone',
  'hormone replacement therapy', 'testosterone therapy', 'estradiol', 'medroxyprogesterone',
  'mifepristone', 'misoprostol', 'finasteride', 'tamsulosin', 'sildenafil', 'tadalafil', 'viagra',
  'cialis',
  // Respiratory, gastrointestinal
  'albuterol', 'montelukast', 'fluticasone', 'budesonide', 'tiotropium', 'omeprazole',
  'esomeprazole', 'pantoprazole', 'famotidine', 'ondansetron',
  // Anti-infectives and antivirals
  'amoxicillin', 'azithromycin', 'doxycycline', 'ciprofloxacin', 'levofloxacin', 'cephalexin',
  'clindamycin', 'vancomycin', 'metronidazole', 'nitrofurantoin', 'valacyclovir', 'acyclovir',
  'valtrex', 'oseltamivir', 'tamiflu', 'paxlovid', 'sofosbuvir', 'antiretroviral',
  'antiretrovirals', 'tenofovir', 'emtricitabine', 'dolutegravir', 'truvada', 'descovy',
  'biktarvy', 'genvoya', 'hydroxychloroquine', 'plaquenil',
  // Immunology and oncology
  'adalimumab', 'humira', 'etanercept', 'enbrel', 'infliximab', 'remicade', 'ustekinumab',
  'stelara', 'dupilumab', 'dupixent', 'rituximab', 'rituxan', 'methotrexate', 'pembrolizumab',
  'keytruda', 'nivolumab', 'opdivo', 'trastuzumab', 'herceptin', 'bevacizumab', 'avastin',
  'tamoxifen', 'letrozole', 'anastrozole', 'cyclophosphamide', 'doxorubicin', 'cisplatin',
  'carboplatin', 'paclitaxel', 'imatinib', 'gleevec', 'lenalidomide', 'revlimid',
  // Mental health and neurology
  'sertraline', 'zoloft', 'fluoxetine', 'prozac', 'paroxetine', 'paxil', 'citalopram', 'celexa',
  'escitalopram', 'lexapro', 'venlafaxine', 'effexor', 'duloxetine', 'cymbalta', 'bupropion',
  'wellbutrin', 'mirtazapine', 'trazodone', 'amitriptyline', 'nortriptyline', 'lithium',
  'quetiapine', 'seroquel', 'olanzapine', 'zyprexa', 'risperidone', 'risperdal', 'aripiprazole',
  'abilify', 'haloperidol', 'clozapine', 'lamotrigine', 'lamictal', 'valproate', 'divalproex',
  'depakote', 'levetiracetam', 'keppra', 'topiramate', 'carbamazepine', 'phenytoin', 'gabapentin',
  'neurontin', 'pregabalin', 'lyrica', 'alprazolam', 'xanax', 'lorazepam', 'ativan', 'clonazepam',
  'klonopin', 'diazepam', 'valium', 'zolpidem', 'ambien', 'adderall', 'methylphenidate',
  'ritalin', 'concerta', 'lisdexamfetamine', 'vyvanse', 'atomoxetine', 'strattera',
  'antidepressant', 'antidepressants', 'antipsychotic', 'antipsychotics',
  // Pain and substance use treatment
  'methadone', 'buprenorphine', 'suboxone', 'subutex', 'naltrexone', 'vivitrol', 'naloxone',
  'narcan', 'oxycodone', 'oxycontin', 'percocet', 'hydrocodone', 'vicodin', 'norco',
  'hydromorphone', 'dilaudid', 'sumatriptan', 'donepezil', 'tacrolimus', 'cyclosporine',
  'mycophenolate', 'morphine', 'fentanyl', 'tramadol', 'codeine', 'varenicline',
  'chantix',
];

/** Procedures, treatments and tests; matched case-insensitively as whole words. */
const PROCEDURES = [
  'chemotherapy', 'chemo', 'immunotherapy', 'radiation therapy', 'radiotherapy', 'dialysis',
  'hemodialysis', 'peritoneal dialysis', 'mastectomy', 'double mastectomy', 'lumpectomy',
  'hysterectomy', 'prostatectomy', 'cholecystectomy', 'tonsillectomy', 'appendectomy',
  'colectomy', 'nephrectomy', 'lobectomy', 'craniotomy', 'tracheostomy', 'colonoscopy',
  'endoscopy', 'upper endoscopy', 'bronchoscopy', 'biopsy', 'bone marrow biopsy', 'mammogram', 'mammography',
  'echocardiogram', 'electrocardiogram', 'ct scan', 'pet scan', 'mri scan', 'amniocentesis',
  'bypass surgery', 'gastric bypass', 'bariatric surgery', 'heart surgery', 'open-heart surgery',
  'coronary bypass', 'coronary bypass surgery', 'angioplasty', 'stent placement', 'cardiac catheterization',
  'pacemaker',
  'knee replacement', 'total knee replacement', 'hip replacement', 'total hip replacement',
  'joint replacement', 'arthroscopy', 'knee arthroscopy', 'cataract surgery', 'spinal fusion', 'organ transplant',
  'kidney transplant', 'liver transplant', 'heart transplant', 'lung transplant',
  'bone marrow transplant', 'stem cell transplant', 'blood transfusion', 'transfusion',
  'intubation', 'amputation', 'cesarean', 'cesarean section', 'c-section', 'vasectomy', 'tubal ligation',
  'in vitro fertilization', 'gender-affirming surgery', 'psychotherapy', 'electroconvulsive therapy',
  'physical therapy', 'palliative care', 'hospice care', 'methadone maintenance',
];

export const CLINICAL_TERMS: readonly string[] = [...CONDITIONS, ...MEDICATIONS, ...PROCEDURES];

/**
 * Matched case-sensitively: as lower-case words several are ordinary English ("aids", "ect").
 * Left out for their other senses: MS, ALS, CAD, CHF, PE, MI, AUD.
 */
export const CLINICAL_ACRONYMS: readonly string[] = [
  'HIV', 'AIDS', 'COPD', 'ADHD', 'PTSD', 'OCD', 'IVF', 'STD', 'STI', 'GERD', 'CKD', 'ESRD', 'DVT',
  'UTI', 'HPV', 'HCV', 'HBV', 'TBI', 'PCOS', 'MDD', 'HTN', 'T1DM', 'T2DM', 'DM2', 'MRSA', 'AFib',
  'CVA', 'ECT', 'EKG', 'ECG', 'MRI', 'CABG', 'HRT', 'SUD', 'OUD', 'PrEP',
];
