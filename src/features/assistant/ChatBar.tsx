import { useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/dialog'
import { inputClass } from '../../ui/field'
import { IconButton } from '../../ui/icon-button'
import { PromptDialog } from '../../ui/prompt-dialog'
import { ownValue } from '../../lib/own-record'
import type { AssistantActor } from './assistant-actors'
import { ASSISTANT_TOGGLE_SHORTCUT } from './shortcut'

/** The assistant panel's chats (SPEC §4): pick one, start a new one, rename, clear or delete it, close the panel. */
export function ChatBar({ actor }: { actor: AssistantActor }) {
  const chats = useSelector(actor, (s) => s.context.chats)
  const activeChatId = useSelector(actor, (s) => s.context.activeChatId)
  const chat = activeChatId ? ownValue(chats, activeChatId) : undefined
  const chatList = useMemo(() => Object.values(chats).sort((a, b) => b.updatedAt - a.updatedAt), [chats])
  const [renaming, setRenaming] = useState(false)
  const [confirm, setConfirm] = useState<'delete' | 'clear' | null>(null)

  return (
    <header className={css({ display: 'flex', alignItems: 'center', gap: '1', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' })}>
      <select
        aria-label="Chat"
        className={cx(inputClass, css({ flex: '1', minW: '0', h: '8' }))}
        value={activeChatId ?? ''}
        onChange={(event) => actor.send({ type: 'chat.select', id: event.target.value })}
      >
        {activeChatId === null ? <option value="">No chat</option> : null}
        {chatList.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {/* Words, as Delete has: a glyph for each (+, ✎, ⌫) left people guessing. The name says the rest. */}
      <Button size="sm" aria-label="New chat" onClick={() => actor.send({ type: 'chat.new', at: Date.now(), id: crypto.randomUUID() })}>
        New
      </Button>
      <Button size="sm" aria-label="Rename chat" disabled={!chat} onClick={() => setRenaming(true)}>
        Rename
      </Button>
      <Button size="sm" aria-label="Clear messages" disabled={!chat || chat.messages.length === 0} onClick={() => setConfirm('clear')}>
        Clear
      </Button>
      <Button size="sm" aria-label="Delete chat" onClick={() => setConfirm('delete')} disabled={!chat}>
        Delete
      </Button>
      <IconButton
        size="sm"
        glyph="×"
        label="Close assistant"
        hint={`Close assistant (${ASSISTANT_TOGGLE_SHORTCUT})`}
        onClick={() => actor.send({ type: 'panel.close' })}
      />

      <PromptDialog
        open={renaming}
        title="Rename chat"
        label="Name"
        initialValue={chat?.name ?? ''}
        submitLabel="Rename"
        validate={(value) => (value.trim() === '' ? 'Give the chat a name.' : null)}
        onSubmit={(name) => {
          if (chat) actor.send({ type: 'chat.rename', at: Date.now(), id: chat.id, name: name.trim() })
          setRenaming(false)
        }}
        onDismiss={() => setRenaming(false)}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? `Delete "${chat?.name ?? ''}"?` : 'Clear this chat?'}
        confirmLabel={confirm === 'delete' ? 'Delete chat' : 'Clear messages'}
        onConfirm={() => {
          if (chat && confirm === 'delete') actor.send({ type: 'chat.delete', id: chat.id })
          if (confirm === 'clear') actor.send({ type: 'messages.clear', at: Date.now() })
          setConfirm(null)
        }}
        onDismiss={() => setConfirm(null)}
      >
        <p>{confirm === 'delete' ? 'The chat and its messages are deleted from this browser.' : 'Every message of this chat is removed.'}</p>
      </ConfirmDialog>
    </header>
  )
}
