import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { passwordWeakness } from '../password-strength.ts';

/** A password being chosen (registration, reset, change): long enough and hard to guess. */
export const newPasswordField = (field: string, missingMessage = `${field} is required`) =>
  z
    .string({ message: missingMessage })
    .min(1, { message: missingMessage, abort: true })
    .max(PASSWORD_MAX_LENGTH, { message: `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`, abort: true })
    .superRefine((password, context) => {
      const weakness = passwordWeakness(password);
      if (weakness) context.addIssue({ code: 'custom', message: `${field} ${weakness}` });
    });
