// `npm run consultants` as a real process on an embedded database in `dataDir`: exit code and output.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function consultantsProcess(dataDir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/ops/consultants.mjs', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SITE_URL: 'https://mentor.example.com', DATABASE_URL: '', SUPABASE_URL: '' },
      timeout: 60_000,
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}
