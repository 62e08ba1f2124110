/**
 * One of the two processes save-race.test.ts runs on one drafts folder: a real drafts store (its
 * own process, so only the cross-process lock can keep it from racing the other one). It reads
 * one command a line on stdin, waits until the command's moment (both processes get the same
 * one, so their saves start together), saves, and answers one line on stdout.
 *
 * Usage: node <this file, bundled by the test> <draftsFolder> <trashDir>
 */
import { createInterface } from 'node:readline'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import { AppFailure, silentLogger } from '../../../../../src/main/core/errors'

export interface RaceCommand {
  round: number
  mode: 'save' | 'merge'
  /** Epoch ms: the save starts then. */
  at: number
  id: string
  baseVersion: string
  base: { pitch: string; customFields: Record<string, string> }
  pitch: string
  customFields: Record<string, string>
}

export type RaceAnswer =
  { round: number; outcome: 'saved' | 'merged'; version: string; pitch: string } | { round: number; outcome: 'conflict' | 'refused'; code: string }

async function main(): Promise<void> {
  const [folder, trashDir] = process.argv.slice(2)
  if (!folder || !trashDir) throw new Error('usage: save-race-child <draftsFolder> <trashDir>')
  const store = new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir, log: silentLogger })
  const answer = (value: RaceAnswer) => process.stdout.write(`${JSON.stringify(value)}\n`)
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as RaceCommand
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, command.at - Date.now())))
    try {
      if (command.mode === 'save') {
        const draft = await store.save(command)
        answer({ round: command.round, outcome: 'saved', version: draft.version, pitch: draft.pitch })
      } else {
        const result = await store.merge(command)
        if (result.outcome === 'conflict') answer({ round: command.round, outcome: 'conflict', code: 'conflict' })
        else answer({ round: command.round, outcome: result.outcome, version: result.draft.version, pitch: result.draft.pitch })
      }
    } catch (error) {
      if (!(error instanceof AppFailure)) throw error
      answer({ round: command.round, outcome: error.code === 'conflict' ? 'conflict' : 'refused', code: error.code })
    }
  }
}

if (process.argv[1]?.endsWith('save-race-child.mjs')) void main()
