/** How big a data set to build: the sizes, or a tenth of them for the embedded database. */
export interface DatasetSize {
  motorists: number;
  agents: number;
  scans: number;
  /** Subscription and penalty payments together. */
  payments: number;
  /** The share of payments that are penalty payments. */
  penaltyShare: number;
  /** Motorists per build step (each step prints its progress). */
  chunk: number;
}

export const POSTGRES_SIZE: DatasetSize = {
  motorists: 1_000_000,
  agents: 10_000,
  scans: 10_000_000,
  payments: 3_000_000,
  penaltyShare: 0.1,
  chunk: 50_000,
};

export const PGLITE_SIZE: DatasetSize = {
  motorists: 100_000,
  agents: 1_000,
  scans: 1_000_000,
  payments: 300_000,
  penaltyShare: 0.1,
  chunk: 25_000,
};

export const describeSize = (size: DatasetSize): string =>
  `${size.motorists.toLocaleString('en')} motorists, ${size.agents.toLocaleString('en')} agents, ` +
  `${size.scans.toLocaleString('en')} scans, ${size.payments.toLocaleString('en')} payments`;

/** Reads --motorists, --agents, --scans, --payments, --penalty-share, --chunk over the defaults. */
export function sizeFromArgs(args: Map<string, string>, defaults: DatasetSize): DatasetSize {
  const number = (name: string, fallback: number, min: number): number => {
    const raw = args.get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw.replace(/_/g, ''));
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number of at least ${min}`);
    return value;
  };
  const size = {
    motorists: Math.round(number('motorists', defaults.motorists, 100)),
    agents: Math.round(number('agents', defaults.agents, 30)),
    scans: Math.round(number('scans', defaults.scans, 0)),
    payments: Math.round(number('payments', defaults.payments, 0)),
    penaltyShare: number('penalty-share', defaults.penaltyShare, 0),
    chunk: Math.round(number('chunk', defaults.chunk, 100)),
  };
  if (size.penaltyShare > 0.5) throw new Error('--penalty-share must be at most 0.5');
  return size;
}

/** `--name value` and `--flag` pairs. */
export function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) args.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) args.set(name, argv[(i += 1)]);
    else args.set(name, 'true');
  }
  return args;
}
