/*
 * The steps of docs/install.md that the install test runs, read from the
 * guide itself so the two cannot drift: every fenced block preceded by an
 * `<!-- install-step: ACTION [ARGS] -->` comment. Actions:
 *   run                      a shell block, run in the current directory
 *                            (a `cd` in it moves the next steps)
 *   merge-yaml FILE[#NAME]   merge the YAML block into FILE (into the
 *                            document whose metadata.name is NAME)
 *   merge-json FILE          merge the JSON block into FILE
 *   insert-before FILE TEXT  insert the block before the line holding TEXT
 * Pure: takes the guide's text, returns the steps in order.
 */
const STEP =
  /<!--\s*install-step:\s*(\S+)\s*(.*?)\s*-->\s*\n+```(\w*)\n([\s\S]*?)\n```/g;

export function installSteps(markdown) {
  return [...markdown.matchAll(STEP)].map(([, action, args, lang, body]) => {
    const [file, ...rest] = args ? args.split(/\s+/) : [];
    return { action, file, text: rest.join(' '), lang, body };
  });
}
