// The simulated Node releases (sim/profile.go): [major, exact version], oldest first, and
// the default one, for the pages that choose a release (the playground, authoring).
export const NODES = [['10', '10.24.1'], ['20', '20.20.2'], ['22', '22.23.5'], ['24', '24.18.0'], ['26', '26.12.1']];
export const DEFAULT_NODE = '24';
