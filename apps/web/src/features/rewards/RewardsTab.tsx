import { ClaimForm } from './ClaimForm'
import { ClaimHistory } from './ClaimHistory'
import { RewardLedger } from './RewardLedger'
import { useMyRewards } from './rewardQueries'
import './rewards.css'

/** The own page's Rewards tab: claim and the claim history beside the ledger (which shows a failed load). */
export function RewardsTab({ userId }: { userId: string }) {
  const { summary } = useMyRewards(userId)
  return (
    <div className="rewards-tab">
      <div className="rewards-tab__claim">
        {summary && <ClaimForm userId={userId} summary={summary} />}
        <ClaimHistory userId={userId} />
      </div>
      <RewardLedger userId={userId} />
    </div>
  )
}
