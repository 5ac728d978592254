import { z } from 'zod';
import { plainText } from './common.ts';

/** A GeoNames id, as a member's place is stored (issue 33); the server checks that the place exists. */
export const placeIdSchema = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** What a member types into a place field: the server answers the places it may mean. */
export const placeSearchSchema = z.object({
  query: plainText(100),
  limit: z.number().int().min(1).max(20).optional(),
});
