import { scanMatches } from '@umrah/domain/mrz';
import type { PassportSource, VisaData } from '@umrah/domain/validation/visa';

// Whether a guest's passport data came from a scan the server can vouch for (docs/RULES.md, 'Validation: Visa form'):
// the client sends the MRZ lines it read on the phone next to the form; the server reads them again
// with the domain's code and believes them only when every check digit holds and the MRZ says what
// the form says. Anything else, also a scan the guest corrected by hand, counts as typed.
export const passportSource = (
  input: Pick<VisaData, 'mrz' | 'passport_number' | 'date_of_birth' | 'passport_expires' | 'gender' | 'nationality'>,
): PassportSource => (input.mrz && scanMatches(input.mrz, input) ? 'mrz' : 'typed');
