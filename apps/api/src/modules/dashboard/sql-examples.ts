import { dayRange } from '../../lists/date-range.ts';
import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';
import { createDashboardRepository, type DashboardRepository } from './repository.ts';
import type { FigureQuery } from './figure-sql.ts';

const range = dayRange(EXAMPLE.firstDay, EXAMPLE.day);
const windows = { current: range, previous: dayRange('2026-02-24', '2026-02-28'), today: dayRange(EXAMPLE.day, EXAMPLE.day) };
const FIGURE = 'a figure: it sends no SQL itself, readFigures runs it (see the readFigures entries)';

/** A figure read through readFigures, the one statement a dashboard's figures share. */
const figure =
  (pick: (repository: DashboardRepository) => FigureQuery<unknown>) =>
  (db: Parameters<typeof createDashboardRepository>[0]): Promise<unknown> => {
    const repository = createDashboardRepository(db);
    return repository.readFigures(pick(repository));
  };

export default sqlExamples({
  methods: {
    readFigures: 'runs the figures given: see its entries below, one per figure',
    activityFigures: FIGURE,
    activityByVehicleType: FIGURE,
    activitySeries: FIGURE,
    revenueByMonth: FIGURE,
    registrationsByMonth: FIGURE,
    peopleFigures: FIGURE,
    vehicleFigures: FIGURE,
    registrationsByStatus: FIGURE,
    registrationSeries: FIGURE,
    latestRegistrations: FIGURE,
    agentsByStatus: [['remitter']],
    topAgents: [
      ['remitter', range, 10],
      ['remitter', range, 10, 'ada'],
    ],
    findUnion: [[EXAMPLE.id]],
    listUnions: [[50]],
  },
  calls: {
    'readFigures(activityFigures)': figure((r) => r.activityFigures(windows)),
    'readFigures(activityFigures, keke)': figure((r) => r.activityFigures(windows, 'keke')),
    'readFigures(activityByVehicleType)': figure((r) => r.activityByVehicleType(range)),
    'readFigures(activitySeries, day)': figure((r) => r.activitySeries(range, 'day')),
    'readFigures(activitySeries, month)': figure((r) => r.activitySeries(range, 'month')),
    'readFigures(revenueByMonth)': figure((r) => r.revenueByMonth(2026)),
    'readFigures(registrationsByMonth)': figure((r) => r.registrationsByMonth(range)),
    'readFigures(peopleFigures)': figure((r) => r.peopleFigures(windows, ['motorist'])),
    'readFigures(peopleFigures, approved, added by)': figure((r) => r.peopleFigures(windows, ['motorist'], { approvedOnly: true, addedBy: EXAMPLE.id })),
    'readFigures(vehicleFigures)': figure((r) => r.vehicleFigures(windows)),
    'readFigures(vehicleFigures, added by)': figure((r) => r.vehicleFigures(windows, EXAMPLE.id)),
    'readFigures(registrationsByStatus)': figure((r) => r.registrationsByStatus(range)),
    'readFigures(registrationSeries)': figure((r) => r.registrationSeries(range, 'day', EXAMPLE.id)),
    'readFigures(latestRegistrations)': figure((r) => r.latestRegistrations(range, EXAMPLE.id)),
  },
});
