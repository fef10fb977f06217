// Step 1's stand-in, written in /orcamento's HTML, shows while <html data-quote-form> is set: set before the
// first paint when the form will show (?servico=, a saved draft) or when a service is chosen, and cleared
// (and removed) by WizardForm once it has rendered, so the wizard area is never blank while the form's code arrives.
export const showFormSkeleton = (on: boolean): void => void document.documentElement.toggleAttribute('data-quote-form', on);

/** The form has rendered: the stand-in leaves the document (hidden text would still match text queries and find-in-page). */
export const dropFormSkeleton = (): void => {
  showFormSkeleton(false);
  document.querySelector('[data-form-skeleton]')?.remove();
};
