// The header the browser tests' site reads a visitor's address from (LOCAL_CLIENT_IP_HEADER in
// scripts/server/server.mjs): Netlify's own name for the client's address.
export const VISITOR_IP_HEADER = 'x-nf-client-connection-ip';
