/** An option as buyers read it: 'value1 / value2', or value1 alone when there is no second value. */
export const optionValuesText = (value1: string, value2: string | null | undefined): string =>
  value2 ? `${value1} / ${value2}` : value1;
