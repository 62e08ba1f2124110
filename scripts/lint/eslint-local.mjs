/**
 * The project's own lint rules, for what no plugin checks (eslint.config.js turns them on):
 *
 * - `local/no-import-cycle`: a file that is part of an import circle, read from the whole
 *   project's import graph (scripts/lint/import-graph.mjs), type-only imports included. With
 *   `groups: 'renderer-features'`, a circle between feature folders or state areas counts too
 *   (features/editor → features/review → features/editor through two different files of each;
 *   state/review → state/editor → state/review through their index.ts files).
 * - `local/no-foreign-set-state`: `useX.setState(…)` on a store imported from another module.
 *   A store is changed by its own module and through its actions (state/store/store.ts says why).
 */
import path from 'node:path'
import { cycles, groupGraph, importGraph } from './import-graph.mjs'
import { rendererFolder } from './layers.mjs'

/** One graph per lint run: every file's check reads it. */
const graphs = new Map()

function graphOf(root) {
  if (!graphs.has(root)) {
    const graph = importGraph(root)
    const inCycle = new Map()
    for (const members of cycles(graph)) for (const file of members) inCycle.set(file, members)
    // A feature folder or a state area; the other layers are one folder each, whose circles the file level finds.
    const featureOf = (file) => {
      const folder = rendererFolder(root, file)
      return folder?.includes('/') ? folder : null
    }
    const featureCycles = new Map()
    for (const members of cycles(groupGraph(graph, featureOf))) for (const feature of members) featureCycles.set(feature, members)
    graphs.set(root, { graph, inCycle, featureOf, featureCycles })
  }
  return graphs.get(root)
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, between files and between feature folders or state areas of the renderer.' },
    schema: [{ type: 'object', properties: { groups: { enum: ['renderer-features'] } }, additionalProperties: false }],
    messages: {
      file: 'This file is part of an import circle: {{circle}}. Move what both sides need down a layer.',
      feature: 'Folders import each other round ({{circle}}); this import is one of the arrows. Move what both need a layer down, or into one of them.',
    },
  },
  create(context) {
    const root = context.cwd
    const file = path.resolve(context.filename)
    const { graph, inCycle, featureOf, featureCycles } = graphOf(root)
    const options = context.options[0] ?? {}
    return {
      Program(node) {
        const members = inCycle.get(file)
        if (members) context.report({ node, messageId: 'file', data: { circle: members.map((one) => path.relative(root, one)).join(' ↔ ') } })
        if (options.groups !== 'renderer-features') return
        const mine = featureOf(file)
        const circle = mine && featureCycles.get(mine)
        if (!circle) return
        for (const target of graph.get(file) ?? []) {
          const theirs = featureOf(target)
          if (theirs && theirs !== mine && circle.includes(theirs)) {
            context.report({ node, messageId: 'feature', data: { circle: circle.join(' ↔ ') } })
            return
          }
        }
      },
    }
  },
}

const noForeignSetState = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid calling another module's store's setState: change a store through its actions." },
    schema: [],
    messages: { foreign: '`{{store}}.setState` from outside its module: call one of its actions instead (add one if none fits).' },
  },
  create(context) {
    return {
      'CallExpression > MemberExpression.callee[property.name="setState"] > Identifier.object'(node) {
        let scope = context.sourceCode.getScope(node)
        while (scope) {
          const variable = scope.set.get(node.name)
          if (variable) {
            if (variable.defs.some((def) => def.type === 'ImportBinding')) context.report({ node, messageId: 'foreign', data: { store: node.name } })
            return
          }
          scope = scope.upper
        }
      },
    }
  },
}

export default {
  meta: { name: 'grant-desk-local' },
  rules: { 'no-import-cycle': noImportCycle, 'no-foreign-set-state': noForeignSetState },
}
