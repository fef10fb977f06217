// The console (app bar, addresses, meetings list) as a chunk of its own, fetched once the session says who
// is in: the signed-out first paint needs only the sign-in. With the console inside the island, /painel's
// Lighthouse TBT was ~380 ms and performance 91–92; as its own chunk, 109 ms and 99. Its own module, not
// lazyScreens.ts, which the console itself imports.
import consoleShell, { deps } from 'lazy-chunk:/src/islands/painel/ConsoleShell.tsx';
import { lazyScreen } from './lazyScreen';

export const ConsoleShell = lazyScreen<typeof import('../ConsoleShell').default>(consoleShell, deps);
