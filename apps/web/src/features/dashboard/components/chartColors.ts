/** Segment colours for charts with one colour per item (theme colours, so they follow the theme). */
const SEGMENT_COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'yellow.7', 'red.6'];

export const colorAt = (index: number) => SEGMENT_COLORS[index % SEGMENT_COLORS.length];

/** A theme colour as a CSS value, for swatches drawn outside the chart. */
export const cssColor = (color: string) => {
  const [name, shade] = color.split('.');
  return `var(--mantine-color-${name}-${shade ?? 6})`;
};
