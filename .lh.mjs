import { runLighthouse } from './tests/tools/lighthouse.mjs';
const results = await runLighthouse({ baseUrl: 'http://localhost:8899', routes: ['/admin/'], runs: 3, reportDir: '/tmp/lh-admin', log: () => {} });
console.log(JSON.stringify(results, null, 1).slice(0, 3000));
