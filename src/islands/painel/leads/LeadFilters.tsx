// The leads list's filters, folded under 'Filtros' (nine controls would push the list below the fold at
// 390 px); the summary says how many are on.
import { deliveryFilterValues, type DeliveryFilter } from '../../../domain/painel/api';
import { integrationCopy, personCopy } from '../../../domain/painel/copy';
import { faturamentoOptions, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions } from '../../../domain/options';
import { DateRange } from '../DateRange';
import { FilterPanel } from '../FilterPanel';
import { RadioGroup } from '../RadioGroup';
import { SelectField } from '../ui';

export type LeadFilterValues = {
  segmento: string;
  faturamento: string;
  vendedores: string;
  modelo: string;
  servico: string;
  de: string;
  ate: string;
  reuniao: '' | 'com' | 'sem';
  integracoes: '' | DeliveryFilter;
  regra: string;
};
export const noLeadFilters: LeadFilterValues = { segmento: '', faturamento: '', vendedores: '', modelo: '', servico: '', de: '', ate: '', reuniao: '', integracoes: '', regra: '' };

/** The filters an address holds (each a string; the endpoint refuses a value that is none of its own). */
export function leadFiltersOf(address: Record<string, string>): LeadFilterValues {
  const reuniao = address.reuniao === 'com' || address.reuniao === 'sem' ? address.reuniao : '';
  const integracoes = address.integracoes && isDeliveryFilter(address.integracoes) ? address.integracoes : '';
  const { segmento = '', faturamento = '', vendedores = '', modelo = '', servico = '', de = '', ate = '', regra = '' } = address;
  return { segmento, faturamento, vendedores, modelo, servico, de, ate, reuniao, integracoes, regra };
}

const meetingChoices = [
  { value: 'todos', label: 'Todos' },
  { value: 'com', label: 'Com reunião' },
  { value: 'sem', label: 'Sem reunião' },
] as const;

const deliveryChoices = deliveryFilterValues.map((value) => ({ value, label: integrationCopy.filters[value] }));
const isDeliveryFilter = (value: string): value is DeliveryFilter => (deliveryFilterValues as readonly string[]).includes(value);

interface Props {
  values: LeadFilterValues;
  /** The rules leads were routed by (the first page's answer); the one in the address stays a choice. */
  rules: readonly string[];
  periodError: string | null;
  onChange: (patch: Partial<LeadFilterValues>) => void;
  onClear: () => void;
}

export function LeadFilters({ values, rules, periodError, onChange, onClear }: Props) {
  const active = Object.values(values).filter(Boolean).length;
  const ruleChoices = [...new Set([...rules, ...(values.regra ? [values.regra] : [])])].map((rule) => ({ value: rule, label: rule }));
  return (
    <FilterPanel active={active} onClear={onClear} columns="sm:grid-cols-2 lg:grid-cols-3">
      <SelectField id="leads-segmento" label="Segmento" empty="Todos" value={values.segmento} onValue={(segmento) => onChange({ segmento })} options={segmentoOptions} />
      <SelectField id="leads-faturamento" label="Faturamento" empty="Todos" value={values.faturamento} onValue={(faturamento) => onChange({ faturamento })} options={faturamentoOptions} />
      <SelectField id="leads-vendedores" label="Vendedores" empty="Todos" value={values.vendedores} onValue={(vendedores) => onChange({ vendedores })} options={numeroVendedoresOptions} />
      <SelectField id="leads-modelo" label="Modelo de negócio" empty="Todos" value={values.modelo} onValue={(modelo) => onChange({ modelo })} options={modeloNegocioOptions} />
      <SelectField id="leads-servico" label="Serviço" empty="Todos" value={values.servico} onValue={(servico) => onChange({ servico })} options={serviceOptions} />
      <SelectField id="leads-regra" label={personCopy.ruleFilter} empty={personCopy.ruleAll} value={values.regra} onValue={(regra) => onChange({ regra })} options={ruleChoices} />
      <SelectField
        id="leads-integracoes"
        label={integrationCopy.title}
        empty={integrationCopy.filterAll}
        value={values.integracoes}
        onValue={(value) => onChange({ integracoes: isDeliveryFilter(value) ? value : '' })}
        options={deliveryChoices}
      />
      <RadioGroup
        id="leads-reuniao"
        legend="Reunião"
        options={meetingChoices}
        value={values.reuniao || 'todos'}
        onValue={(choice) => onChange({ reuniao: choice === 'todos' ? '' : choice })}
      />
      <div className="sm:col-span-2 lg:col-span-3">
        <DateRange id="leads-periodo" from={values.de} to={values.ate} error={periodError} onChange={(de, ate) => onChange({ de, ate })} />
      </div>
    </FilterPanel>
  );
}
