import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The journeys share one demo database, and some change it for good (Ana and Fernanda get
// accounts, Roberto a new password). Files that only look run first, the ones that change
// accounts last, always in this order.
const ORDER = ['screens', 'login', 'session', 'registration', 'recovery'];
const rank = (spec: TestSpecification) => {
  const i = ORDER.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return i === -1 ? ORDER.length : i;
};

export default class E2eSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return files;
  }
}
