// The plans behind the painel bench's slowest list calls (issue "Production-safe…", item 6): every list call
// is one SQL function whose query is built inside it (EXECUTE), so a plain EXPLAIN of the call shows one
// Result node. auto_explain with nested statements logs the plan of each statement the function runs, with
// ANALYZE and buffers; its log level `notice` sends them to this connection instead of the server log.
// PostgreSQL only: PGlite loads auto_explain only when the database is created with it, and the bench reads
// the store the app opens.

/** A store whose calls are recorded (function and argument), to be replayed under auto_explain. */
export function recordingStore(store) {
  const calls = [];
  return {
    calls,
    store: new Proxy(store, {
      get(target, name, receiver) {
        if (name !== 'call') return Reflect.get(target, name, receiver);
        return (fn, p) => {
          calls.push({ fn, p });
          return target.call(fn, p);
        };
      },
    }),
  };
}

/**
 * EXPLAIN ANALYZE of each call, as text: the slowest statement the function ran (the call's own `select
 * fn(…)` left out), with its duration. `calls`: [{ name, calls: [{ fn, p }] }].
 */
export async function explainCalls(databaseUrl, cases) {
  const { default: postgres } = await import('postgres');
  let notices = [];
  const sql = postgres(databaseUrl, { max: 1, onnotice: (n) => notices.push(n.message) });
  const out = [];
  try {
    await sql.unsafe(`load 'auto_explain'`);
    for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_buffers = on', 'log_nested_statements = on', 'log_level = notice']) {
      await sql.unsafe(`set auto_explain.${setting}`);
    }
    for (const { name, calls } of cases) {
      for (const { fn, p } of calls) {
        notices = [];
        await sql.unsafe(`select public.${fn}($1::jsonb) as data`, [p]);
        const plans = notices
          .map((text) => ({ ms: Number(/^duration: ([\d.]+) ms/.exec(text)?.[1] ?? 0), text }))
          .filter((n) => !/Query Text: select public\./.test(n.text));
        const worst = plans.sort((a, b) => b.ms - a.ms)[0];
        out.push(`### ${name} (${fn})\n\n\`\`\`\n${worst?.text ?? 'no plan logged'}\n\`\`\``);
      }
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return out;
}
