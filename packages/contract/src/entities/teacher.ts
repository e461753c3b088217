import { z } from '../zod';

/** The short teacher shown on a course card. */
export const courseTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type CourseTeacher = z.infer<typeof courseTeacherSchema>;

/** A teacher's public profile (spec §3). Contact fields are null when absent. */
export const teacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  messenger_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  telegram_url: z.string().nullable(),
  courses_count: z.number().int(),
});
export type Teacher = z.infer<typeof teacherSchema>;
