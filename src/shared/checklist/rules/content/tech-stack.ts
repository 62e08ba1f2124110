/** The tech-stack rule: the solution names its technology. */
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { named, proseOf, sectionBlocks, topicSections } from './read'

/** Technologies matched case-insensitively (names that are not ordinary English words). */
const TECH_NAMES = [
  // Languages
  'Rust',
  'TypeScript',
  'JavaScript',
  'Golang',
  'Python',
  'Solidity',
  'Vyper',
  'Circom',
  'Huff',
  'Yul',
  'C++',
  'C#',
  'Java',
  'Kotlin',
  'Scala',
  'Haskell',
  'OCaml',
  'Elixir',
  'Erlang',
  'Ruby',
  'PHP',
  'Zig',
  'Dart',
  'Sway',
  'WebAssembly',
  'WASM',
  'SQL',
  'Lua',
  // Frameworks, libraries, runtimes, tools
  'Next.js',
  'Vue',
  'Vue.js',
  'Nuxt',
  'Svelte',
  'SvelteKit',
  'Angular',
  'Flutter',
  'Node.js',
  'NodeJS',
  'Deno',
  'Express.js',
  'NestJS',
  'Django',
  'Flask',
  'FastAPI',
  'Rails',
  'Tailwind',
  'Vite',
  'Electron',
  'Tauri',
  'Hardhat',
  'Truffle',
  'Brownie',
  'ethers.js',
  'viem',
  'wagmi',
  'web3.js',
  'web3.py',
  'Substrate',
  'ink!',
  'CosmWasm',
  'Cosmos SDK',
  'Tendermint',
  'CometBFT',
  'OpenZeppelin',
  'The Graph',
  'subgraph',
  'Arkworks',
  'Halo2',
  'Plonky2',
  'gnark',
  'RISC Zero',
  'SP1',
  'zkVM',
  'LLVM',
  'Tokio',
  'Actix',
  'Axum',
  'Wasmtime',
  // Protocols and standards
  'GraphQL',
  'gRPC',
  'JSON-RPC',
  'WebSocket',
  'WebSockets',
  'OAuth',
  'OpenAPI',
  'protobuf',
  'MQTT',
  'IPFS',
  'libp2p',
  'Arweave',
  'EVM',
  'SVM',
  'zkEVM',
  'zk-SNARK',
  'zk-STARK',
  'SNARK',
  'STARK',
  'PLONK',
  'Groth16',
  'WebRTC',
  'HTTP/2',
  'HTTP/3',
  // Data and infrastructure
  'PostgreSQL',
  'Postgres',
  'MySQL',
  'SQLite',
  'MongoDB',
  'Redis',
  'Kafka',
  'ClickHouse',
  'Elasticsearch',
  'Docker',
  'Kubernetes',
  'Terraform',
  'AWS',
  'GCP',
  'Nginx',
  'Prometheus',
  'Grafana',
  'Linux',
]

/** Names that are also English words: matched only as written (“Go”, not “go”). */
const TECH_NAMES_EXACT = ['Go', 'Move', 'Cairo', 'Swift', 'React', 'React Native', 'REST', 'Anchor', 'Foundry', 'Noir', 'Clarity', 'Spring', 'Bun']

function techPattern(names: readonly string[], flags: string): RegExp {
  const alternatives = names
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+'))
    .sort((a, b) => b.length - a.length)
    // “Go-to-market” is not the Go language.
    .map((name) => (name === 'Go' ? 'Go(?!-to\\b)' : name))
  return new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join('|')})s?(?![A-Za-z0-9_])`, flags)
}

const TECH = techPattern(TECH_NAMES, 'i')
const TECH_EXACT = techPattern(TECH_NAMES_EXACT, '')

/** The first known technology named in a text, or null. */
export function findTechnology(text: string): string | null {
  return TECH.exec(text)?.[0] ?? TECH_EXACT.exec(text)?.[0] ?? null
}

export const techStack: Rule = {
  id: 'tech-stack',
  title: 'Technical stack named',
  severity: 'warning',
  description:
    'The technical solution names its stack: languages, frameworks and protocols (matched against a list of about 100 common names; an unknown name gives only a “Note”).',
  check({ doc }: RuleContext): RuleFinding[] {
    const sections = topicSections(doc, 'solution')
    if (sections.length === 0) {
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: 'The pitch has no technical solution section, so its stack is not named.',
          hint: 'Add a “## Technical solution” section that names the languages, frameworks and protocols you will use, e.g. “a Rust core compiled to WebAssembly, a TypeScript SDK, the JSON-RPC API”.',
        },
      ]
    }
    if (findTechnology(proseOf(sectionBlocks(doc, sections))) !== null) return []
    return [
      {
        ...sectionPosition(sections[0]!),
        severity: 'info',
        message: `The checklist could not recognise a named technology in ${named(sections[0], 'the technical solution')}; if you named one we don't know, ignore this.`,
        hint: 'Name the languages, frameworks and protocols you will use, e.g. “a Rust core compiled to WebAssembly, a TypeScript SDK, the JSON-RPC API”: reviewers judge feasibility from the stack.',
      },
    ]
  },
}
