/**
 * The browser host's core thread (see core-thread.ts): builds the core as the host did on its
 * main thread, then answers the main thread's calls with the core's own `dispatch` and passes
 * on its events. Answers and payloads go as JSON text, what the host sends the page.
 */
import { parentPort } from 'node:worker_threads'
import { type Core, createCore } from '../main/core/core'
import { PlainFileSecretStore } from '../main/core/secret-store'
import { JsonFileSettingsBackend } from '../main/core/settings'
import type { CoreThreadData, FromCore, ToCore } from './core-thread'
import { testClockFrom } from './test-clock'

const port = parentPort
if (!port) throw new Error('core-worker.ts is the browser host’s core thread; it runs only as a worker of src/host/main.ts.')
const post = (message: FromCore) => port.postMessage(message)

let background = () => {}
const backgroundAfter = new Promise<void>((resolve) => (background = resolve))

async function build(data: CoreThreadData): Promise<Core> {
  const clock = testClockFrom(data.clockEnv)
  return createCore({
    dataDir: data.dataDir,
    secrets: new PlainFileSecretStore(data.secretsFile),
    settings: await JsonFileSettingsBackend.open(data.settingsFile),
    env: data.env,
    ...(clock ? { now: clock.now } : {}),
    backgroundAfter,
  })
}

/** The core, once the main thread has said where its data is (`start`); calls that come before wait for it. */
let startWith: (data: CoreThreadData) => void = () => {}
const core = new Promise<CoreThreadData>((resolve) => (startWith = resolve)).then(build)

function start(data: CoreThreadData): void {
  startWith(data)
  void core.then(
    (built) => {
      built.subscribe((event, payload) => post({ type: 'event', event, json: JSON.stringify(payload) }))
      post({ type: 'ready' })
    },
    (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  )
}

port.on('message', (message: ToCore) => {
  switch (message.type) {
    case 'start':
      start(message.data)
      break
    case 'dispatch':
      void core.then(
        async (built) => {
          try {
            post({ type: 'answer', id: message.id, json: JSON.stringify(await built.dispatch(message.channel, message.input)) })
          } catch (error) {
            // As when the host's own JSON of an answer failed: the request gets the host's 500.
            post({ type: 'answer', id: message.id, error: error instanceof Error ? error.message : String(error) })
          }
        },
        // The core never got built: the main thread has been told (`failed`) and stops.
        () => undefined,
      )
      break
    case 'background':
      background()
      break
    case 'close':
      void core
        .then((built) => built.close())
        .catch(() => undefined)
        .then(() => post({ type: 'closed' }))
      break
  }
})
