/**
 * The add dialog's ways to add beside search (Quick add, Pick several, Describe a meal, Scan
 * barcode), two a row, in Button's size "wrap" with the label in a span of ACTION_LABEL: a label
 * too long for half the row (Russian "Сканировать штрихкод" on a phone) wraps inside its button
 * instead of taking a row of its own.
 */
export const ACTION_CLASS = 'justify-start';
export const ACTION_LABEL = 'min-w-0 whitespace-normal';
