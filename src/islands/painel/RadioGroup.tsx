// One value of a few (form/Choices as radios); the error marks the radiogroup.
import { Choices, type ChoicesProps } from './form/Choices';

interface Props<V extends string> extends ChoicesProps {
  options: readonly { value: V; label: string }[];
  value: V | '';
  onValue: (value: V) => void;
  inline?: boolean;
}

export function RadioGroup<V extends string>({ value, onValue, inline = false, ...rest }: Props<V>) {
  return <Choices {...rest} type="radio" layout={inline ? 'flex flex-wrap gap-x-6' : 'grid'} checked={(v) => v === value} onCheck={(v) => onValue(v as V)} />;
}
