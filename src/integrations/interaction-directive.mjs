// Adds `client:interaction`: an island hydrates only after the first pointer, key or focus on it.
export default function interactionDirective() {
  return {
    name: 'interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: new URL('./interaction-directive-client.js', import.meta.url).pathname,
        });
      },
    },
  };
}
