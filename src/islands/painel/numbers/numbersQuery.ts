// Números' query string from its address's filters (period and touch): one home for the screen and for the
// console, which asks for the figures as soon as Números is opened, beside the screen's own code.
import type { Filters } from '../../../domain/painel/address';
import { numbersPaths, parseTouch, presets, touchWords, type Preset } from '../../../domain/painel/numbers';
import { queryString } from '../api';

export function numbersQuery(filters: Filters) {
  const preset: Preset = (presets as readonly string[]).includes(filters.periodo ?? '') ? (filters.periodo as Preset) : '30d';
  const touch = parseTouch(filters.toque);
  const query = queryString({
    periodo: preset, de: preset === 'personalizado' ? filters.de : undefined, ate: preset === 'personalizado' ? filters.ate : undefined,
    toque: touchWords[touch],
  });
  return { preset, touch, query, url: `${numbersPaths.numbers}${query}` };
}
