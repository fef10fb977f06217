import type { CSSProperties } from 'react';
import type { ToasterProps } from 'sonner';
import type { ToastCopy } from '../../../schemas/orcamento';

// sonner's rich colours put #008a2e on a pale green (about 4.3:1): darker text passes WCAG AA.
const colours = {
  '--success-text': '#14532d',
  '--error-text': '#991b1b',
} as CSSProperties;

/** The page's Toaster: look and pt-BR labels. */
export const toasterProps = (copy: ToastCopy): ToasterProps => ({
  // At the bottom: never over the header, nor over a dialog's title and close button on a phone.
  position: 'bottom-center',
  richColors: true,
  closeButton: true,
  containerAriaLabel: copy.regionLabel,
  toastOptions: { closeButtonAriaLabel: copy.closeLabel },
  style: colours,
});
