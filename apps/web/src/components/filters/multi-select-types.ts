import type { FilterOption } from './document-filters';

/** The picker's props, in a module of their own: the lazily loaded popover reads them without importing its loader. */
export interface MultiSelectProps {
  label: string;
  options: readonly FilterOption[];
  onToggle: (value: string) => void;
  disabled?: boolean;
  /** Open the panel leftwards from the button's right edge (the last control in a row). */
  alignEnd?: boolean;
}
