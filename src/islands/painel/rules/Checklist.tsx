// Several values of one list (a condition's accepted answers, a pool's consultants): form/Choices as
// checkboxes, in two columns from 640 px.
import { Choices, type ChoicesProps } from '../form/Choices';

interface Props extends ChoicesProps {
  values: readonly string[];
  onValues: (values: string[]) => void;
}

export function Checklist({ values, onValues, ...rest }: Props) {
  // The options' own order, whatever order they were ticked in: the sentence reads the same every time.
  const toggle = (value: string, on: boolean) => onValues(rest.options.map((o) => o.value).filter((v) => (v === value ? on : values.includes(v))));
  return <Choices {...rest} type="checkbox" layout="grid sm:grid-cols-2" checked={(v) => values.includes(v)} onCheck={toggle} />;
}
