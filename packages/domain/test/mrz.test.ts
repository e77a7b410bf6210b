import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMrz, correctMrzLines, findMrzLines, mrzCheckDigit, nationalityOfMrz, readMrz, scanMatches, toMrzDate } from '../src/mrz.ts';

const TODAY = '2026-11-27';
// ICAO 9303's specimen passport (Utopia is no country of the list: its nationality stays empty).
const ICAO = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'] as const;
const DUTCH = buildMrz({
  issuer: 'NLD',
  lastName: 'DE VRIES',
  firstName: 'FATIMA ZAHRA',
  number: 'NW92BD8R1',
  nationality: 'NLD',
  birth: '1985-03-09',
  sex: 'F',
  expiry: '2031-06-30',
});

const replaceAt = (s: string, i: number, c: string) => s.slice(0, i) + c + s.slice(i + 1);

describe('MRZ check digits (ICAO 9303)', () => {
  it.each([
    ['L898902C3', 6],
    ['740812', 2],
    ['120415', 9],
    ['ZE184226B<<<<<', 1],
    ['<<<<<<<<<<<<<<', 0],
  ])('%s has check digit %i', (value, digit) => {
    expect(mrzCheckDigit(value)).toBe(digit);
  });

  it('the ICAO specimen reads with every check digit valid', () => {
    const r = readMrz(ICAO, TODAY)!;
    expect(r.checkDigitsValid).toBe(true);
    expect(r.values).toEqual({
      last_name: 'ERIKSSON',
      first_name: 'ANNA MARIA',
      passport_number: 'L898902C3',
      nationality: '',
      date_of_birth: '1974-08-12',
      passport_expires: '2012-04-15',
      gender: 1,
    });
    expect(r.corrections).toEqual([]);
    // Names have no check digit; an unknown state cannot fill the nationality.
    expect(r.confirm).toEqual(['last_name', 'first_name', 'nationality']);
  });

  it('a wrong check digit marks its field, and the others stay trusted', () => {
    const l2 = replaceAt(DUTCH[1], 19, String((Number(DUTCH[1][19]) + 1) % 10));
    const r = readMrz([DUTCH[0], l2], TODAY)!;
    expect(r.checkDigitsValid).toBe(false);
    expect(r.confirm).toEqual(['last_name', 'first_name', 'date_of_birth']);
    expect(r.values.passport_number).toBe('NW92BD8R1');
  });
});

describe('MRZ: the typical OCR slips are corrected', () => {
  it.each([
    ['O for 0 in the birth date (digits only)', 1, 15, 'O'],
    ['S for 5 in the birth date', 1, 14, 'S'],
    ['B for 8 in the birth date', 1, 13, 'B'],
    ['I for 1 in a check digit', 1, 19, 'I'],
    ['1 for I in the given names (letters only)', 0, 10, '1'],
    ['5 for S in the surname', 0, 12, '5'],
  ] as const)('%s', (_label, line, column, slip) => {
    const lines: [string, string] = [...DUTCH];
    const original = lines[line][column]!;
    lines[line] = replaceAt(lines[line], column, slip);
    const r = readMrz(lines, TODAY)!;
    expect(r.lines).toEqual(DUTCH);
    expect(r.corrections).toEqual([{ line, column, from: slip, to: original }]);
    expect(r.checkDigitsValid).toBe(true);
  });

  it("'K<' for '<<' in the names' filler and in the empty personal number", () => {
    const l1 = DUTCH[0].replace(/<<<<<$/, 'K<K<<');
    const l2 = replaceAt(DUTCH[1], 33, 'K');
    const r = readMrz([l1, l2], TODAY)!;
    expect(r.lines).toEqual(DUTCH);
    expect(r.values.first_name).toBe('FATIMA ZAHRA');
    expect(r.checkDigitsValid).toBe(true);
  });

  it("a name ending in K keeps it: only K's after the names' last filler run are fillers", () => {
    const [l1, l2] = buildMrz({
      issuer: 'NLD',
      lastName: 'KOK',
      firstName: 'DIRK',
      number: 'AB1234567',
      nationality: 'NLD',
      birth: '1990-01-01',
      sex: 'M',
      expiry: '2030-01-01',
    });
    expect(readMrz([l1, l2], TODAY)!.values).toMatchObject({ last_name: 'KOK', first_name: 'DIRK', gender: 0 });
  });

  it("a passport number's 0 read as O is put back only when its check digit and the composite then hold", () => {
    const [l1, l2] = buildMrz({
      issuer: 'BEL',
      lastName: 'JANSSENS',
      firstName: 'YOUSSEF',
      number: 'EP0123456',
      nationality: 'BEL',
      birth: '1979-12-31',
      sex: 'M',
      expiry: '2029-02-28',
    });
    const r = readMrz([l1, replaceAt(l2, 2, 'O')], TODAY)!;
    expect(r.values.passport_number).toBe('EP0123456');
    expect(r.checkDigitsValid).toBe(true);
    expect(r.values.nationality).toBe('BE');
  });

  it('a miscounted filler run is brought back to 44 characters', () => {
    const r = readMrz([`${DUTCH[0]}<<`, DUTCH[1].replace('<<<<<<<<<<', '<<<<<<<<<')], TODAY)!;
    expect(r.lines).toEqual(DUTCH);
  });

  it('finds the two lines in OCR text between other text, with spaces and lower case', () => {
    const text = `KONINKRIJK DER NEDERLANDEN\nPASPOORT\n\n${DUTCH[0].slice(0, 20)} ${DUTCH[0].slice(20).toLowerCase()}\n${DUTCH[1]}\n`;
    expect(findMrzLines(text)).toEqual(DUTCH);
    expect(findMrzLines('geen paspoort\nhier')).toBeNull();
    expect(readMrz('P<NLD\n', TODAY)).toBeNull();
  });

  it('corrects nothing on a clean MRZ', () => {
    expect(correctMrzLines(DUTCH)).toEqual({ lines: DUTCH, corrections: [] });
  });
});

describe('MRZ: nationality and dates', () => {
  it.each([
    ['NLD', 'NL'],
    ['MAR', 'MA'],
    ['D<<', 'DE'],
    ['D', 'DE'],
    ['GBD', 'GB'],
    ['UTO', ''],
    ['XXX', ''],
  ])('%s is %s', (code, alpha2) => {
    expect(nationalityOfMrz(code)).toBe(alpha2);
  });

  it("a birth year after this year's two digits is in the 1900s, an expiry always in the 2000s", () => {
    const [l1, l2] = buildMrz({
      issuer: 'NLD',
      lastName: 'A',
      firstName: 'B',
      number: 'X1',
      nationality: 'NLD',
      birth: '1927-02-01',
      sex: '<',
      expiry: '2035-02-01',
    });
    const r = readMrz([l1, l2], TODAY)!;
    expect(r.values).toMatchObject({ date_of_birth: '1927-02-01', passport_expires: '2035-02-01', gender: null, passport_number: 'X1' });
    expect(r.confirm).toContain('gender');
    expect(
      readMrz(
        buildMrz({
          issuer: 'NLD',
          lastName: 'A',
          firstName: 'B',
          number: 'X1',
          nationality: 'NLD',
          birth: '2020-02-01',
          sex: 'M',
          expiry: '2035-02-01',
        }),
        TODAY,
      )!.values.date_of_birth,
    ).toBe('2020-02-01');
  });
});

const passport = fc.record({
  issuer: fc.constantFrom('NLD', 'BEL', 'MAR', 'TUR', 'D'),
  lastName: fc.stringMatching(/^[A-Z]{2,12}( [A-Z]{2,8})?$/),
  firstName: fc.stringMatching(/^[A-Z]{2,10}( [A-Z]{2,8})?$/),
  number: fc.stringMatching(/^[A-Z0-9]{9}$/),
  birth: fc.date({ min: new Date('1930-01-01'), max: new Date('2025-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  expiry: fc.date({ min: new Date('2026-01-01'), max: new Date('2036-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  sex: fc.constantFrom('M' as const, 'F' as const),
});

describe('MRZ properties', () => {
  it('every built MRZ reads back to its values with valid check digits, also after digit/letter slips in single-kind fields', () => {
    fc.assert(
      fc.property(passport, fc.integer({ min: 13, max: 26 }), (p, column) => {
        const lines = buildMrz({ ...p, nationality: p.issuer });
        const c = lines[1][column]!;
        const slip = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G' }[c];
        const read = readMrz([lines[0], slip && column !== 20 ? replaceAt(lines[1], column, slip) : lines[1]], TODAY)!;
        expect(read.checkDigitsValid).toBe(true);
        expect(read.lines).toEqual(lines);
        expect(read.values).toMatchObject({
          passport_number: p.number,
          date_of_birth: p.birth,
          passport_expires: p.expiry,
          gender: p.sex === 'M' ? 0 : 1,
          nationality: nationalityOfMrz(p.issuer),
        });
        expect(scanMatches(read.lines, { ...read.values, gender: p.sex === 'M' ? 0 : 1, date_of_birth: p.birth, passport_expires: p.expiry })).toBe(
          true,
        );
      }),
    );
  });

  it('a single changed digit in line 2 fails a check digit', () => {
    fc.assert(
      fc.property(passport, fc.integer({ min: 0, max: 43 }), fc.integer({ min: 1, max: 9 }), (p, column, delta) => {
        const lines = buildMrz({ ...p, nationality: p.issuer });
        const c = lines[1][column]!;
        fc.pre(/\d/.test(c) && column !== 20);
        const changed = replaceAt(lines[1], column, String((Number(c) + delta) % 10));
        const fields = {
          passport_number: p.number,
          date_of_birth: p.birth,
          passport_expires: p.expiry,
          gender: p.sex === 'M' ? 0 : 1,
          nationality: nationalityOfMrz(p.issuer),
        };
        expect(scanMatches([lines[0], changed], fields)).toBe(false);
      }),
    );
  });
});

describe('the server reads a scan again (scanMatches)', () => {
  const fields = { passport_number: 'NW92BD8R1', date_of_birth: '1985-03-09', passport_expires: '2031-06-30', gender: 1, nationality: 'NL' };

  it('holds for the MRZ of the typed fields', () => {
    expect(scanMatches(DUTCH, fields)).toBe(true);
    expect(toMrzDate('1985-03-09')).toBe('850309');
  });

  it.each([
    ['another passport number', { passport_number: 'NW92BD8R2' }],
    ['another birth date', { date_of_birth: '1985-03-10' }],
    ['another expiry', { passport_expires: '2031-07-30' }],
    ['another sex', { gender: 0 }],
    ['another nationality', { nationality: 'BE' }],
  ])('fails for %s', (_label, change) => {
    expect(scanMatches(DUTCH, { ...fields, ...change })).toBe(false);
  });

  it('fails for lines that are not two clean TD3 lines', () => {
    expect(scanMatches([DUTCH[0]], fields)).toBe(false);
    expect(scanMatches([DUTCH[0], DUTCH[1].toLowerCase()], fields)).toBe(false);
    expect(scanMatches([DUTCH[0], `${DUTCH[1]}<`], fields)).toBe(false);
    expect(scanMatches([DUTCH[0].replace('P', 'I'), DUTCH[1]], fields)).toBe(false);
  });
});

describe('MRZ: letters without a check digit', () => {
  it("reads OCR-B's M read as H for the sex, and Germany's 'D<<' read as 'O<<'", () => {
    const lines = buildMrz({
      issuer: 'D',
      lastName: 'SCHMIDT',
      firstName: 'OMAR',
      number: 'C01X00T47',
      nationality: 'D',
      birth: '1970-05-05',
      sex: 'M',
      expiry: '2030-05-05',
    });
    const r = readMrz([lines[0].replace('P<D<<', 'P<O<<'), replaceAt(replaceAt(lines[1], 20, 'H'), 10, '0')], TODAY)!;
    expect(r.lines).toEqual(lines);
    expect(r.values).toMatchObject({ gender: 0, nationality: 'DE' });
  });
});

describe('MRZ: state codes', () => {
  it("a code none of the list knows is mended by one look-alike letter ('NLO' is NLD), only when that gives one known code", () => {
    const lines = buildMrz({
      issuer: 'NLD',
      lastName: 'SCAN',
      firstName: 'OMAR',
      number: 'NXK9C7HP3',
      nationality: 'NLD',
      birth: '1986-04-19',
      sex: 'M',
      expiry: '2029-05-28',
    });
    const r = readMrz([lines[0], lines[1].replace('NLD', 'NLO')], TODAY)!;
    expect(r.lines).toEqual(lines);
    expect(r.values.nationality).toBe('NL');
    expect(correctMrzLines([lines[0], lines[1].replace('NLD', 'XXX')]).lines[1]).toContain('XXX');
  });
});
