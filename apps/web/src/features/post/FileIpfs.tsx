import type { MediaItem } from '@agora/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/Button'
import { CidCopy } from '../../ui/CidCopy'
import { formatBytes, formatCompact, useIntlLocale } from '../../ui/format'
import { TextField } from '../../ui/TextField'
import { DEFAULT_IPFS_GATEWAY, gatewayLink, normaliseGateway, useIpfsGateway } from './ipfsGateway'
import { useVerify, type VerifyState } from './useVerify'
import './FileIpfs.css'

export interface FileIpfsProps {
  item: Pick<MediaItem, 'cid' | 'name' | 'size' | 'pin_status'>
}

/**
 * Beside a file: its CID to copy, where its pin on the IPFS network stands (when this
 * server pins: queued, pinning, pinned, failed), a link to it through a public IPFS gateway (the
 * reader's choice), and Verify, which checks in the browser that the bytes our gateway sends hash to
 * that CID.
 */
export function FileIpfs({ item }: FileIpfsProps) {
  const { t } = useTranslation('ipfs')
  const { gateway } = useIpfsGateway()
  const { state, start } = useVerify(item.cid)
  return (
    <div className="file-ipfs">
      <div className="file-ipfs__row">
        <CidCopy cid={item.cid} />
        {item.pin_status && (
          <span className={`file-ipfs__pin file-ipfs__pin--${item.pin_status}`}>
            {t(`pin.${item.pin_status}`)}
          </span>
        )}
        <a
          className="file-ipfs__gateway"
          href={gatewayLink(gateway, item.cid)}
          target="_blank"
          rel="noopener"
        >
          {t('openGateway')}
        </a>
        <Button size="sm" onClick={start} loading={state.stage === 'running'}>
          {t('verify')}
        </Button>
      </div>
      <VerifyStatus state={state} cid={item.cid} size={item.size} />
      <GatewaySetting />
    </div>
  )
}

function VerifyStatus({ state, cid, size }: { state: VerifyState; cid: string; size: number }) {
  const { t } = useTranslation('ipfs')
  const locale = useIntlLocale()
  let text = ''
  let tone = ''
  if (state.stage === 'running') {
    text = t('checking', {
      bytes: formatBytes(Math.min(state.bytes, size), locale),
      total: formatBytes(size, locale),
      blocks: formatCompact(state.blocks, locale),
    })
  } else if (state.stage === 'done' && state.result.ok) {
    text = t('verified', { cid })
    tone = 'ok'
  } else if (state.stage === 'done' && !state.result.ok) {
    const { reason, status } = state.result
    text = `${t('failed')} ${t(`reasons.${reason}`, { status })}`
    tone = 'failed'
  }
  return (
    <div className="file-ipfs__status">
      {state.stage === 'running' && (
        <progress
          className="file-ipfs__progress"
          max={size || 1}
          value={Math.min(state.bytes, size)}
          aria-label={t('progress')}
        />
      )}
      <p
        className={tone ? `file-ipfs__result file-ipfs__result--${tone}` : 'file-ipfs__result'}
        role="status"
      >
        {text}
      </p>
    </div>
  )
}

/** The reader's public gateway: an address of their choosing, kept in this browser. */
function GatewaySetting() {
  const { t } = useTranslation('ipfs')
  const { gateway, choose } = useIpfsGateway()
  const [draft, setDraft] = useState(gateway)
  const [invalid, setInvalid] = useState(false)
  function save(event: FormEvent) {
    event.preventDefault()
    const next = normaliseGateway(draft)
    setInvalid(next === null)
    if (next) {
      choose(next)
      setDraft(next)
    }
  }
  return (
    <details className="file-ipfs__setting">
      <summary>{t('gateway.summary', { gateway })}</summary>
      <form className="file-ipfs__form" onSubmit={save} noValidate>
        <TextField
          label={t('gateway.label')}
          type="url"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={invalid ? t('gateway.invalid') : null}
          hint={t('gateway.hint', { gateway: DEFAULT_IPFS_GATEWAY })}
        />
        <div className="file-ipfs__actions">
          <Button size="sm" type="submit">
            {t('gateway.save')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              choose(null)
              setDraft(DEFAULT_IPFS_GATEWAY)
              setInvalid(false)
            }}
          >
            {t('gateway.reset')}
          </Button>
        </div>
      </form>
    </details>
  )
}
