/**
 * react-virtualized-auto-sizer for jsdom, which lays nothing out: the
 * virtualized list gets a 600×400 box to render into. Use it as
 * `jest.mock('react-virtualized-auto-sizer', () =>
 * jest.requireActual('…/__testUtils__/autoSizer').fixedAutoSizer)`.
 */
export const fixedAutoSizer = {
  __esModule: true,
  default: (props: {
    children: (size: { height: number; width: number }) => unknown;
  }) => props.children({ height: 400, width: 600 }),
};
