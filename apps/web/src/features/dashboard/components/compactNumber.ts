const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis ticks: 1.2K, 3.4M. */
export const compactCount = (value: number) => compact.format(value);
/** Axis ticks in naira: ₦1.2K, ₦3.4M. */
export const compactNaira = (value: number) => `₦${compact.format(value)}`;
