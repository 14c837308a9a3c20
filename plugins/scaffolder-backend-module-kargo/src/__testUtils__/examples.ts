/* eslint-disable jest/no-export -- a helper that test files call, not a test file */
import type { ActionContext } from '@backstage/plugin-scaffolder-node';
import yaml from 'yaml';
import {
  actionContext,
  actionOptions,
  outputsOf,
  useKargoTestEnv,
  type KargoTestEnv,
} from './kargoTestEnv';

/** One `steps[0]` of an action example, as the YAML declares it. */
export interface ExampleStep {
  action: string;
  input: Record<string, any>;
}

/**
 * Runs every documented example of an action against the demo scenarios
 * (one sandbox for all of them), then lets `check` assert on its outputs.
 * Call it inside the file's `describe`.
 */
export function runExamples(options: {
  examples: Array<{ description: string; example: string }>;
  createAction: (opts: ReturnType<typeof actionOptions>) => {
    id: string;
    handler(ctx: ActionContext<any, any>): Promise<void>;
  };
  check: (args: {
    env: KargoTestEnv;
    step: ExampleStep;
    outputs: Record<string, unknown>;
  }) => void | Promise<void>;
}) {
  let env: KargoTestEnv;
  useKargoTestEnv(started => {
    env = started;
  });

  it.each(options.examples.map(e => [e.description, e.example]))(
    'runs "%s" against the demo scenarios',
    async (_, example) => {
      const action = options.createAction(actionOptions(env));
      const [step] = yaml.parse(example).steps as ExampleStep[];
      expect(step.action).toBe(action.id);
      const ctx = actionContext(step.input);
      await action.handler(ctx);
      await options.check({ env, step, outputs: outputsOf(ctx) });
    },
  );
}
