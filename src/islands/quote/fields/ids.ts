// Stable ids so labels, error messages and focus management agree on one name per field.
import type { LeadField } from '../../../domain/lead';

export const fieldId = (name: LeadField) => `campo-${name}`;
export const errorId = (name: LeadField) => `campo-${name}-erro`;
