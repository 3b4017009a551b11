// Clinical vocabulary for the PHI detector. A term alone is not PHI: the detector only reports a
// term that is tied to a person (see phi.ts). Multi-word terms match across any short whitespace.

/** Matched case-insensitively as whole words. */
export const CLINICAL_TERMS: readonly string[] = [
  // Conditions and diagnoses
  'diabetes', 'prediabetes', 'hypertension', 'hypotension', 'hepatitis', 'cirrhosis', 'cancer',
  'leukemia', 'lymphoma', 'melanoma', 'carcinoma', 'tumor', 'tumour', 'depression',
  'anxiety disorder', 'panic disorder', 'asthma', 'schizophrenia', 'bipolar disorder', 'epilepsy',
  'dementia', "alzheimer's", 'alzheimers', "parkinson's", 'multiple sclerosis', 'autism',
  'tuberculosis', 'pneumonia', 'stroke', 'heart attack', 'myocardial infarction', 'heart failure',
  'arrhythmia', 'atrial fibrillation', 'obesity', 'anorexia', 'bulimia', 'eating disorder',
  'substance abuse', 'alcoholism', 'opioid use disorder', 'addiction', 'overdose', 'chlamydia',
  'gonorrhea', 'syphilis', 'herpes', 'kidney disease', 'renal failure', 'lupus',
  'rheumatoid arthritis', 'arthritis', 'osteoporosis', 'hypothyroidism', 'hyperthyroidism',
  'sickle cell', 'cystic fibrosis', 'hemophilia', 'migraine', 'covid-19', 'sepsis', 'anemia',
  'celiac disease', "crohn's disease", 'ulcerative colitis', 'glaucoma', 'sleep apnea', 'insomnia',
  'pregnancy', 'pregnant', 'miscarriage', 'abortion', 'infertility', 'concussion',
  'suicidal ideation', 'self-harm',
  // Medications
  'insulin', 'metformin', 'lisinopril', 'atorvastatin', 'simvastatin', 'amlodipine', 'metoprolol',
  'losartan', 'levothyroxine', 'warfarin', 'prednisone', 'albuterol', 'sertraline', 'fluoxetine',
  'citalopram', 'escitalopram', 'bupropion', 'lithium', 'methadone', 'buprenorphine', 'suboxone',
  'oxycodone', 'hydrocodone', 'morphine', 'fentanyl', 'gabapentin', 'adderall', 'alprazolam',
  'lorazepam', 'clonazepam', 'antiretroviral', 'truvada', 'antidepressant', 'antipsychotic',
  // Procedures and treatments
  'chemotherapy', 'radiation therapy', 'radiotherapy', 'dialysis', 'mastectomy', 'hysterectomy',
  'appendectomy', 'colonoscopy', 'biopsy', 'bypass surgery', 'angioplasty', 'organ transplant',
  'amputation', 'cesarean', 'c-section', 'vasectomy', 'psychotherapy', 'electroconvulsive therapy',
];

/** Matched case-sensitively: as lower-case words several are ordinary English ("aids"). */
export const CLINICAL_ACRONYMS: readonly string[] = [
  'HIV', 'AIDS', 'COPD', 'ADHD', 'PTSD', 'OCD', 'IVF', 'STD', 'STI',
];
