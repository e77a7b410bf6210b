import { parse } from 'mrz';
import { COUNTRIES } from './countries.ts';

// The machine-readable zone (MRZ) of a passport's data page (ICAO 9303, TD3: two lines of 44
// characters), as OCR reads it from a photo on the guest's phone: the lines are found in the OCR
// text, the typical OCR slips are corrected, the check digits are verified (the `mrz` package) and
// the fields are turned into the visa form's values. The server reads the same lines again with
// this code before it trusts a scan (docs/RULES.md, 'Validation: Visa form').

/** Characters of a TD3 line. */
export const MRZ_LINE_LENGTH = 44;
/** The only characters an MRZ holds: what OCR is restricted to. */
export const MRZ_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** The MRZ sits in the bottom part of the data page: OCR looks at this share of the image first. */
export const MRZ_CROP_FROM = 0.6;

/** A form field that the MRZ fills. */
export type MrzFormField = 'first_name' | 'last_name' | 'passport_number' | 'nationality' | 'date_of_birth' | 'gender' | 'passport_expires';

export interface MrzCorrection {
  line: 0 | 1;
  column: number;
  from: string;
  to: string;
}

export interface MrzReading {
  /** The two lines after correction: what the client sends and the server reads again. */
  lines: [string, string];
  /** Every check digit (number, birth, expiry, personal number, composite) holds. */
  checkDigitsValid: boolean;
  values: {
    last_name: string;
    first_name: string;
    passport_number: string;
    /** ISO alpha-2, '' when the MRZ's code is none of the country list. */
    nationality: string;
    /** 'YYYY-MM-DD', null when the date or its check digit is wrong. */
    date_of_birth: string | null;
    passport_expires: string | null;
    /** 0 man, 1 vrouw, null when the MRZ says neither. */
    gender: 0 | 1 | null;
  };
  /** Fields the guest must confirm: the names (no check digit) and each field whose check failed. */
  confirm: MrzFormField[];
  corrections: MrzCorrection[];
}

/** ICAO 9303 check digit: weights 7, 3, 1; digits count as such, A-Z as 10-35, '<' as 0. */
export function mrzCheckDigit(value: string): number {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += v * [7, 3, 1][i % 3]!;
  }
  return sum % 10;
}

// OCR's usual confusions between letters and digits, for fields that can hold only one kind.
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8', T: '7' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };
/** Letters OCR takes for one another in a state code. */
const STATE_LOOK_ALIKE: Record<string, string[]> = {
  O: ['D', 'Q'],
  D: ['O'],
  Q: ['O'],
  C: ['G'],
  G: ['C'],
  H: ['M', 'N'],
  N: ['M', 'H'],
  M: ['N', 'H'],
  E: ['F'],
  F: ['E'],
  I: ['L'],
  L: ['I'],
  U: ['V'],
  V: ['U'],
};
/** Look-alikes in OCR-B that OCR swaps in fields that may hold both (the passport number). */
const LOOK_ALIKE: Record<string, string> = {
  '0': 'O',
  O: '0',
  '1': 'I',
  I: '1',
  '2': 'Z',
  Z: '2',
  '4': 'A',
  A: '4',
  '5': 'S',
  S: '5',
  '6': 'G',
  G: '6',
  '8': 'B',
  B: '8',
};

/**
 * Brings an OCR line to 44 characters: OCR miscounts long runs of the filler '<' far more often
 * than anything else, so the longest run (the last one in line 1, the names' tail) grows or shrinks.
 */
function fitLength(line: string, first: boolean): string {
  let s = line;
  while (s.length !== MRZ_LINE_LENGTH) {
    const runs = [...s.matchAll(/<{2,}/g)];
    if (runs.length === 0) return s.length > MRZ_LINE_LENGTH ? s.slice(0, MRZ_LINE_LENGTH) : s.padEnd(MRZ_LINE_LENGTH, '<');
    const run = first ? runs[runs.length - 1]! : runs.reduce((a, b) => (b[0].length > a[0].length ? b : a));
    const at = run.index! + 1;
    s = s.length > MRZ_LINE_LENGTH ? s.slice(0, at) + s.slice(at + 1) : `${s.slice(0, at)}<${s.slice(at)}`;
  }
  return s;
}

/** Only MRZ characters, upper case; '«' and spaces that OCR puts in a run of fillers are dropped or read as '<'. */
const clean = (line: string) =>
  line
    .toUpperCase()
    .replace(/«/g, '<<')
    .replace(/[^A-Z0-9<]/g, '');

/**
 * The two MRZ lines in OCR text (or already split lines): line 1 is the first one starting with 'P'
 * that holds a filler run, line 2 the next long line. Null when there is no such pair.
 */
export function findMrzLines(text: string | readonly string[]): [string, string] | null {
  const lines = (typeof text === 'string' ? text.split(/\r?\n/) : [...text]).map(clean).filter((l) => l.length >= 30);
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    // 'K<' is how OCR most often reads '<<', so the names' filler may look like that.
    if (line.startsWith('P') && /<<|K</.test(line.slice(2))) return [fitLength(line, true), fitLength(lines[i + 1]!, false)];
  }
  return null;
}

/** The fields of line 2: [start, end) and what they may hold. */
const LINE2 = {
  number: [0, 9],
  nationality: [10, 13],
  birth: [13, 19],
  sex: [20, 21],
  expiry: [21, 27],
  optional: [28, 42],
} as const;
const DIGIT_COLUMNS = [9, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 43];

/** The composite check of line 2 (number, birth, expiry and personal number with their digits). */
const compositeHolds = (l2: string) => mrzCheckDigit(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43)) === Number(l2[43]);
/** A field's check digit holds; an empty personal number may have '<' as its check digit (it counts 0). */
const fieldHolds = (l2: string, [start, end]: readonly [number, number]) =>
  mrzCheckDigit(l2.slice(start, end)) === (l2[end] === '<' && end === 42 ? 0 : Number(l2[end]));

// Alphanumeric fields: while their checks fail, try OCR's likely slips between look-alike letters
// and digits, and a filler read as 'K'; one change before two, the first that makes the field's
// check digit and the composite hold wins (the check digit is all there is to tell '0' from 'O').
function correctAlphanumericField(
  l2: string[],
  [start, end]: readonly [number, number],
  set: (line: 0 | 1, chars: string[], column: number, to: string) => void,
): void {
  const current = l2.join('');
  if (fieldHolds(current, [start, end]) && compositeHolds(current)) return;
  const slips: [number, string][] = [];
  for (let c = start; c < end; c++) {
    const alt = LOOK_ALIKE[l2[c]!];
    if (alt) slips.push([c, alt]);
    if (l2[c] === 'K' && (c + 1 === end || l2[c + 1] === '<')) slips.push([c, '<']);
  }
  // At most two changes at once: more would make a false match of the check too likely.
  const options: [number, string][][] = slips.map((s) => [s]);
  for (let a = 0; a < slips.length; a++)
    for (let b = a + 1; b < slips.length; b++) if (slips[a]![0] !== slips[b]![0]) options.push([slips[a]!, slips[b]!]);
  for (const option of options) {
    const candidate = [...l2];
    for (const [c, to] of option) candidate[c] = to;
    const joined = candidate.join('');
    if (fieldHolds(joined, [start, end]) && compositeHolds(joined)) {
      for (const [c, to] of option) set(1, l2, c, to);
      return;
    }
  }
}

/**
 * Corrects the typical OCR slips by what each position may hold: digits in the date and check
 * positions, letters in the codes and names, '<' for the 'K<' that stands for '<<' in a filler run;
 * an alphanumeric field (the passport number, the personal number) is only changed when the change
 * makes both its own check digit and the composite one hold.
 */
export function correctMrzLines([first, second]: readonly [string, string]): { lines: [string, string]; corrections: MrzCorrection[] } {
  const corrections: MrzCorrection[] = [];
  const l1 = first.split('');
  const l2 = second.split('');
  const set = (line: 0 | 1, chars: string[], column: number, to: string) => {
    if (chars[column] === to) return;
    corrections.push({ line, column, from: chars[column]!, to });
    chars[column] = to;
  };

  // Line 1: 'P', a type letter or '<', the issuing state, then only names and fillers.
  if (l1[1] === 'K') set(0, l1, 1, '<');
  for (let c = 1; c < MRZ_LINE_LENGTH; c++) {
    const letter = TO_LETTER[l1[c]!];
    if (letter) set(0, l1, c, letter);
  }
  // After the names end, only fillers follow: a K among them is a '<' read badly ('K<' for '<<').
  const names = l1.join('');
  const tail = /<[K<]*$/.exec(names.slice(5));
  if (tail) for (let c = 5 + tail.index; c < MRZ_LINE_LENGTH; c++) set(0, l1, c, '<');

  // Line 2: digits where only digits can stand, letters in the nationality and sex.
  for (const c of DIGIT_COLUMNS) {
    const digit = TO_DIGIT[l2[c]!];
    if (digit) set(1, l2, c, digit);
  }
  for (const c of [10, 11, 12, 20]) {
    const letter = TO_LETTER[l2[c]!];
    if (letter) set(1, l2, c, letter);
  }
  // The sex is M, F or '<'; OCR-B's M is read as H, N or W, its F as E or P.
  const sex = { H: 'M', N: 'M', W: 'M', E: 'F', P: 'F', K: '<' }[l2[20]!];
  if (sex) set(1, l2, 20, sex);
  // A state code none of the list knows ('NLO', 'O<<'): one look-alike letter changed, if that gives exactly one known code.
  for (const [line, chars, at] of [
    [0, l1, 2],
    [1, l2, 10],
  ] as const) {
    const code = chars.slice(at, at + 3).join('');
    if (nationalityOfMrz(code)) continue;
    const known = [0, 1, 2].flatMap((i) =>
      (STATE_LOOK_ALIKE[code[i]!] ?? [])
        .map((to) => [i, to] as const)
        .filter(([, to]) => nationalityOfMrz(code.slice(0, i) + to + code.slice(i + 1))),
    );
    if (known.length === 1) set(line, chars, at + known[0]![0], known[0]![1]);
  }
  // The personal number's filler: all '<' with a stray K, and its check digit then '<' too.
  const optional = l2.slice(LINE2.optional[0], LINE2.optional[1]).join('');
  if (/^[K<]+$/.test(optional) && optional.includes('<')) {
    for (let c = LINE2.optional[0]; c < LINE2.optional[1]; c++) set(1, l2, c, '<');
    if (l2[42] === 'K') set(1, l2, 42, '<');
  }

  correctAlphanumericField(l2, LINE2.number, set);
  correctAlphanumericField(l2, LINE2.optional, set);

  return { lines: [l1.join(''), l2.join('')], corrections };
}

/** Alpha-3 codes (and the MRZ's own ones: 'D' for Germany, the British variants) to alpha-2. */
const ALPHA2_BY_MRZ = new Map<string, string>([
  ...COUNTRIES.filter((c) => c.alpha_3_code).map((c) => [c.alpha_3_code, c.code] as [string, string]),
  ['D<<', 'DE'],
  ['GBD', 'GB'],
  ['GBN', 'GB'],
  ['GBO', 'GB'],
  ['GBP', 'GB'],
  ['GBS', 'GB'],
  ['RKS', 'XK'],
  ['UNK', 'XK'],
]);

/** The visa form's nationality for an MRZ state code, '' when the list has none. */
export const nationalityOfMrz = (code: string): string => {
  const alpha2 = ALPHA2_BY_MRZ.get(code.replace(/<+$/, '').padEnd(3, '<')) ?? '';
  return COUNTRIES.some((c) => c.code === alpha2) ? alpha2 : '';
};

/** 'YYMMDD' to 'YYYY-MM-DD' (null if no calendar day); `pivotYear` two digits: above it is the 1900s. */
function mrzDate(yymmdd: string, pivotYear: number | null): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const year = (pivotYear === null ? yy < 70 : yy <= pivotYear) ? 2000 + yy : 1900 + yy;
  const iso = `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** 'YYYY-MM-DD' as the MRZ writes it. */
export const toMrzDate = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/**
 * Reads a passport's MRZ from OCR text or from the two lines: corrections, check digits and the
 * form's values. `today` ('YYYY-MM-DD') decides the century of the birth date (a two-digit year
 * after this year's is the 1900s). Null when no TD3 MRZ is found.
 */
export function readMrz(text: string | readonly string[], today: string): MrzReading | null {
  const found = findMrzLines(text);
  if (!found) return null;
  const { lines, corrections } = correctMrzLines(found);
  let result: ReturnType<typeof parse>;
  try {
    result = parse(lines);
  } catch {
    return null;
  }
  if (result.format !== 'TD3') return null;
  const valid = (field: string) => result.details.find((d) => d.field === field)?.valid === true;
  const checks = ['documentNumberCheckDigit', 'birthDateCheckDigit', 'expirationDateCheckDigit', 'personalNumberCheckDigit', 'compositeCheckDigit'];
  const [l1, l2] = lines;
  const [lastRaw, ...givenRaw] = l1.slice(5).split('<<');
  const name = (raw: string | undefined) => (raw ?? '').replace(/<+/g, ' ').trim();
  const birthOk = valid('birthDateCheckDigit');
  const expiryOk = valid('expirationDateCheckDigit');
  const numberOk = valid('documentNumberCheckDigit');
  const values: MrzReading['values'] = {
    last_name: name(lastRaw),
    first_name: name(givenRaw.join('<')),
    passport_number: l2.slice(0, 9).replace(/<+$/, ''),
    nationality: nationalityOfMrz(l2.slice(10, 13)),
    date_of_birth: mrzDate(l2.slice(13, 19), Number(today.slice(2, 4))),
    passport_expires: mrzDate(l2.slice(21, 27), null),
    gender: l2[20] === 'M' ? 0 : l2[20] === 'F' ? 1 : null,
  };
  const confirm: MrzFormField[] = ['last_name', 'first_name'];
  if (!numberOk) confirm.push('passport_number');
  if (!birthOk || !values.date_of_birth) confirm.push('date_of_birth');
  if (!expiryOk || !values.passport_expires) confirm.push('passport_expires');
  if (!values.nationality) confirm.push('nationality');
  if (values.gender === null) confirm.push('gender');
  return { lines, checkDigitsValid: checks.every(valid), values, confirm, corrections };
}

/** What the guest sends next to the MRZ lines, as the visa form has it. */
export interface ScannedVisaFields {
  passport_number: string;
  date_of_birth: string;
  passport_expires: string;
  gender: number;
  nationality: string;
}

/**
 * Whether the sent MRZ lines prove the sent fields: exactly two TD3 lines of MRZ characters whose
 * check digits all hold, and the passport number, birth and expiry dates (and the sex and
 * nationality where the MRZ names them) equal the form's. The lines are read as they are, without
 * corrections: the server trusts no repair it did not see.
 */
export function scanMatches(lines: readonly string[], fields: ScannedVisaFields): boolean {
  if (lines.length !== 2 || lines.some((l) => l.length !== MRZ_LINE_LENGTH || !/^[A-Z0-9<]+$/.test(l))) return false;
  const [l1, l2] = lines as [string, string];
  if (!l1.startsWith('P')) return false;
  const holds =
    fieldHolds(l2, LINE2.number) &&
    fieldHolds(l2, LINE2.birth) &&
    fieldHolds(l2, LINE2.expiry) &&
    fieldHolds(l2, LINE2.optional) &&
    compositeHolds(l2);
  if (!holds) return false;
  const sex = l2[20];
  const nationality = nationalityOfMrz(l2.slice(10, 13));
  return (
    l2.slice(0, 9).replace(/<+$/, '') === fields.passport_number &&
    l2.slice(13, 19) === toMrzDate(fields.date_of_birth) &&
    l2.slice(21, 27) === toMrzDate(fields.passport_expires) &&
    (sex === 'M' ? fields.gender === 0 : sex === 'F' ? fields.gender === 1 : true) &&
    (nationality === '' || nationality === fields.nationality)
  );
}

/** Builds a TD3 MRZ with valid check digits (test passports, the benchmark's pages). */
export function buildMrz(p: {
  issuer: string;
  lastName: string;
  firstName: string;
  number: string;
  nationality: string;
  birth: string;
  sex: 'M' | 'F' | '<';
  expiry: string;
  personal?: string;
}): [string, string] {
  const text = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
  const l1 = `P<${text(p.issuer).padEnd(3, '<')}${text(p.lastName)}<<${text(p.firstName)}`.padEnd(MRZ_LINE_LENGTH, '<').slice(0, MRZ_LINE_LENGTH);
  const number = text(p.number).padEnd(9, '<');
  const birth = toMrzDate(p.birth);
  const expiry = toMrzDate(p.expiry);
  const personal = text(p.personal ?? '').padEnd(14, '<');
  const personalCheck = /^<+$/.test(personal) ? '<' : String(mrzCheckDigit(personal));
  const body = `${number}${mrzCheckDigit(number)}${text(p.nationality).padEnd(3, '<')}${birth}${mrzCheckDigit(birth)}${p.sex}${expiry}${mrzCheckDigit(expiry)}${personal}${personalCheck}`;
  const l2 = `${body}${mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))}`;
  return [l1, l2];
}
