// Where a team command writes and what it runs with: its own module so that consultants.ts and
// consultants-list.ts (which consultants.ts uses) need not import each other.
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import type { Resolve } from '../public-address';

export type CliIo = { out: (line: string) => void; err: (line: string) => void };
/** actor: who runs it (the console's signed-in mentor), kept with a team setting; the terminal otherwise. */
/** localUse: calendar links may be http:// and internal (integrations' `local`); resolve: their DNS lookup (tests). */
export type CliEnv = { config: SchedulingConfig; siteUrl: string; actor?: string; now?: Date; localUse?: boolean; resolve?: Resolve };
