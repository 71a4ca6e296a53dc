import { Foundation1763784000000 } from './1763784000000-Foundation';

/** Applied in order by `npm run migrate` (and by `npm start`). */
export const migrations = [Foundation1763784000000];
