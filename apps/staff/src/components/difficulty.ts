import { QUESTION_DIFFICULTIES } from '@dars/contract';
import { choicesOf } from './choices';

/** A question's difficulty (ADR 046) for selects and fields: سهل، متوسط، صعب. */
export const DIFFICULTY_CHOICES = choicesOf('dars.banks.difficulty', QUESTION_DIFFICULTIES);
