import { describe, expect, it } from 'vitest';
import { MSG } from '@umrah/domain/messages';
import { ApiError } from './api';
import { clientErrorMessage, errorMessage } from './notify';

describe('errorMessage', () => {
  it("is the server's Dutch text for an API error, the fallback otherwise, nothing without an error", () => {
    expect(errorMessage(new ApiError(400, 'Deze kortingscode bestaat niet.'))).toBe('Deze kortingscode bestaat niet.');
    expect(errorMessage(new TypeError('x'))).toBe(MSG.unknownError);
    expect(errorMessage(new TypeError('x'), 'Opslaan is mislukt.')).toBe('Opslaan is mislukt.');
    expect(errorMessage(null)).toBeNull();
  });

  it('clientErrorMessage keeps a server failure (5xx) to the fallback', () => {
    expect(clientErrorMessage(new ApiError(409, 'Bestaat al.'), 'Mislukt.')).toBe('Bestaat al.');
    expect(clientErrorMessage(new ApiError(500, 'stack trace'), 'Mislukt.')).toBe('Mislukt.');
    expect(clientErrorMessage(undefined)).toBeNull();
  });
});
