import { describe, expect, it } from 'vitest';
import { found } from '../../../helpers.js';
import { make, seeded } from './generate.js';

const compact = (v: string) => v.replace(/[ .\-/]/g, '');

// Each type as people write it: compact, grouped, with a country prefix. The digit counts and
// leading capitals each type declares (they pick the shapes tried at a token) must let all through.
describe('national identifiers in their other written forms', () => {
  const r = seeded(42);
  const se = make.se(r);
  const cases: [string, string, string][] = [
    ['SE_PERSONNUMMER', 'Personnummer: ', `19${se}`],
    ['SE_PERSONNUMMER', 'personnummer ', compact(se)],
    ['BE_NATIONAL_NUMBER', 'Rijksregisternummer ', compact(make.be(r))],
    ['FR_NIR', 'NIR ', make.fr(r).replace(/^(\d)(\d\d)(\d\d)(\d\d)(\d{3})(\d{3})(\d\d)$/, '$1 $2 $3 $4 $5 $6 $7')],
    ['UK_NHS', 'NHS number: ', compact(make.ukNhs(r))],
    ['UK_NHS', 'NHS no ', make.ukNhs(r).replace(/ /g, '-')],
    ['UK_NINO', 'NI number ', compact(make.ukNino(r))],
    ['TH_TNIN', 'Thai national ID ', compact(make.th(r))],
    ['KR_RRN', '주민등록번호: ', compact(make.krRrn(r))],
    ['DE_TAX_ID', 'Steuer-ID ', make.deTax(r).replace(/^(\d\d)(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')],
    ['AU_ABN', 'ABN: ', compact(make.abn(r))],
    ['AU_ACN', 'ACN ', compact(make.acn(r))],
    ['AU_TFN', 'TFN: ', compact(make.tfn(r))],
    ['BR_CPF', 'CPF: ', compact(make.cpf(r))],
    ['BR_CNPJ', 'CNPJ ', compact(make.cnpj(r))],
    ['PL_NIP', 'NIP: ', make.plNip(r).replace(/^(\d{3})(\d{3})(\d\d)(\d\d)$/, '$1-$2-$3-$4')],
    ['PL_NIP', 'VAT: ', `PL${make.plNip(r)}`],
    ['IT_VAT_CODE', 'P.IVA ', `IT${make.itVat(r)}`],
    ['IN_AADHAAR', 'Aadhaar: ', compact(make.aadhaar(r))],
    ['JP_MY_NUMBER', '個人番号 ', compact(make.jp(r))],
    ['CA_SIN', 'SIN: ', compact(make.sin(r))],
    ['US_ITIN', 'ITIN ', compact(make.itin(r))],
    ['ES_NIF', 'DNI ', make.esNif(r).replace(/^(\d\d)(\d{3})(\d{3})([A-Z])$/, '$1.$2.$3-$4')],
    ['ES_NIE', 'NIE: ', make.esNie(r).replace(/^([XYZ])(\d{7})([A-Z])$/, '$1-$2-$3')],
    ['NL_BSN', 'BSN ', make.nl(r).replace(/^(\d{4})(\d\d)(\d{3})$/, '$1.$2.$3')],
    ['NO_FODSELSNUMMER', 'Fødselsnummer ', make.no(r).replace(/^(\d{6})(\d{5})$/, '$1 $2')],
  ];
  it.each(cases)('%s: %s%s', (type, cue, value) => {
    expect(found(`${cue}${value}`, type)).toEqual([value]);
  });
});
