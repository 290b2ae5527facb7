/**
 * The light part of rewards other screens use: the toast saying what a post or comment earned, and
 * token amounts as text. Its components are public entries of their own (HowToEarn, Leaderboard,
 * RewardsCard, RewardsTab), so a screen that embeds one does not carry the others.
 */
export { unitsToNumber } from './amounts'
export { useMyRewards, useRewardNotice } from './rewardQueries'
export { useTokenText } from './useTokenText'
