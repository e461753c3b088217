import type { FastifyRequest } from 'fastify';
import { notFound, type Actor } from './staff-core';

/** The staff member of a request (the role hook of serve() already let them in). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await request.requireUser();
  const actor: Actor = { id: user.id, name: user.name, groupId: user.group_id };
  // A teacher's call passed its scope hook, which read whether they may set prices.
  if (request.teacherMaySetPrices) actor.maySetPrices = true;
  return actor;
}

/** A staff call's answer for one item: 404 when there is none. */
export function found<T>(item: T | undefined): { data: T } {
  if (item === undefined) throw notFound();
  return { data: item };
}
