export const transactionKeys = { list: ['transactions'] as const };
