import { z } from '../zod';
import { homeDataSchema } from '../entities/home';

/** GET /home → `{ data: HomeData }` (the same `{ data }` envelope as GET /app). */
export const getHomeResponseSchema = z.object({ data: homeDataSchema });
export type GetHomeResponse = z.infer<typeof getHomeResponseSchema>;
