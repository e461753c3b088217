import { z } from '../zod';
import { staffInt, staffListQuery, staffText } from './staff';

/** Grades and categories: a name and a position each. */

export const staffNamedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type StaffNamed = z.infer<typeof staffNamedSchema>;
export const staffNamedCreateSchema = z.object({
  name: staffText(100),
  position: staffInt(0, 100_000).optional(),
});
export const staffNamedUpdateSchema = staffNamedCreateSchema.partial();
export const staffNamedListQuerySchema = staffListQuery({});
