// The dashboard's pager for listings that answer `nextCursor` (docs/control-api.md, Pages).
import type { Ui } from './actions.js'
import { button, el } from './dom.js'

/**
 * Older and newer pages of a listing that answers `nextCursor` (docs/control-api.md, Pages): the newest page
 * stays live; "older" follows the cursor, "newer" goes back, and a changed filter starts over.
 * @example
 * const pages = pager(ui, 'tasks-newer', 'tasks-older')
 * pages.apply(query) // adds the cursor of the page shown
 * pages.update(answer.nextCursor)
 */
export function pager(ui: Ui, newerId: string, olderId: string) {
  /** The cursors of the pages shown after the newest: the last one is the page shown. */
  const cursors: string[] = []
  let next: string | undefined
  const go = (label: string, id: string, move: () => unknown) =>
    button(
      label,
      () => {
        move()
        ui.refresh(true)
      },
      { 'data-testid': id, title: `${label.replace(/\W/g, '')} page` },
    ) as HTMLButtonElement
  const newer = go('\u2039 newer', newerId, () => cursors.pop())
  const older = go('older \u203a', olderId, () => next !== undefined && cursors.push(next))
  newer.disabled = older.disabled = true
  // Shown once there is another page to go to.
  const controls = el('span', { class: 'pager', hidden: '' }, newer, older)
  return {
    controls,
    /** Adds the cursor of the page shown to a listing's query. */
    apply(query: URLSearchParams): void {
      if (cursors.length > 0) query.set('cursor', cursors.at(-1)!)
    },
    /** After an answer: what the buttons can do now. */
    update(nextCursor: string | undefined) {
      next = nextCursor
      newer.disabled = cursors.length === 0
      older.disabled = next === undefined
      controls.hidden = newer.disabled && older.disabled
    },
    /** Back to the newest page. */
    reset() {
      cursors.length = 0
    },
    /** Which page is shown, from 1. */
    get page() {
      return cursors.length + 1
    },
  }
}

/**
 * The count a card's title shows: all of them, or which of how many.
 * @example
 * shownOf(1, 50, 120) // 'newest 50 of 120'
 * shownOf(3, 20, 120) // 'page 3: 20 of 120'
 */
export const shownOf = (page: number, shown: number, total: number) =>
  total > shown ? `${page > 1 ? `page ${page}:` : 'newest'} ${shown} of ${total}` : String(total)
