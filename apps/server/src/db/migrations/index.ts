import type { Migration } from 'kysely'
import * as m0001 from './2026_11_22_0001_users_sessions'
import * as m0002 from './2026_11_22_0002_posts'
import * as m0003 from './2026_11_22_0003_analysis_jobs'
import * as m0004 from './2026_11_22_0004_faucet'
import * as m0005 from './2026_11_22_0005_comments'
import * as m0006 from './2026_11_22_0006_profile_links'
import * as m0007 from './2026_11_22_0007_rewards'
import * as m0008 from './2026_11_22_0008_reward_day_counts'
import * as m0009 from './2026_11_24_0009_event_outbox'
import * as m0010 from './2026_11_24_0010_revisions'
import * as m0011 from './2026_11_24_0011_post_versions'
import * as m0012 from './2026_11_24_0012_notifications'
import * as m0013 from './2026_11_24_0013_follows_bookmarks'
import * as m0014 from './2026_11_25_0014_moderation'
import * as m0015 from './2026_11_25_0015_accounts_mail'
import * as m0016 from './2026_11_25_0016_account_exports'
import * as m0017 from './2026_11_25_0017_scholarly'
import * as m0018 from './2026_11_25_0018_ipfs'
import * as m0019 from './2026_11_25_0019_comment_anchors'
import * as m0020 from './2026_11_25_0020_blob_thumbnails'
import * as m0021 from './2026_11_25_0021_username_skeletons'
import * as m0031 from './2026_11_26_0031_ipfs_pins'
import * as m0034 from './2026_11_26_0034_blob_uploads'
import * as m0036 from './2026_11_26_0036_queue_failed_indexes'
import * as m0037 from './2026_11_26_0037_instance_settings'
import * as m0038 from './2026_11_26_0038_withheld_posts'
import * as m0039 from './2026_11_26_0039_user_reference_indexes'
import * as m0040 from './2026_11_27_0040_hot_order'
import * as m0041 from './2026_12_01_0041_private_history'
import * as m0042 from './2026_12_01_0042_session_end_notify'
import * as m0043 from './2026_12_01_0043_comment_placeholders'
import * as m0044 from './2026_12_02_0044_deleted_posts'
import * as m0045 from './2026_12_03_0045_reviews'
import * as m0046 from './2026_12_03_0046_bounties'
import * as m0047 from './2026_12_03_0047_review_moderation'
import * as m0048 from './2026_12_03_0048_review_response_history'
import * as m0049 from './2026_12_03_0049_orcid_links'

/**
 * Every migration, in order. Add new ones at the end with a later timestamp; never edit one that
 * has landed. (Listed explicitly so the bundled server needs no file-system scan.)
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_users_sessions': m0001,
  '2026_11_22_0002_posts': m0002,
  '2026_11_22_0003_analysis_jobs': m0003,
  '2026_11_22_0004_faucet': m0004,
  '2026_11_22_0005_comments': m0005,
  '2026_11_22_0006_profile_links': m0006,
  '2026_11_22_0007_rewards': m0007,
  '2026_11_22_0008_reward_day_counts': m0008,
  '2026_11_24_0009_event_outbox': m0009,
  '2026_11_24_0010_revisions': m0010,
  '2026_11_24_0011_post_versions': m0011,
  '2026_11_24_0012_notifications': m0012,
  '2026_11_24_0013_follows_bookmarks': m0013,
  '2026_11_25_0014_moderation': m0014,
  '2026_11_25_0015_accounts_mail': m0015,
  '2026_11_25_0016_account_exports': m0016,
  '2026_11_25_0017_scholarly': m0017,
  '2026_11_25_0018_ipfs': m0018,
  '2026_11_25_0019_comment_anchors': m0019,
  '2026_11_25_0020_blob_thumbnails': m0020,
  '2026_11_25_0021_username_skeletons': m0021,
  '2026_11_26_0031_ipfs_pins': m0031,
  '2026_11_26_0034_blob_uploads': m0034,
  '2026_11_26_0036_queue_failed_indexes': m0036,
  '2026_11_26_0037_instance_settings': m0037,
  '2026_11_26_0038_withheld_posts': m0038,
  '2026_11_26_0039_user_reference_indexes': m0039,
  '2026_11_27_0040_hot_order': m0040,
  '2026_12_01_0041_private_history': m0041,
  '2026_12_01_0042_session_end_notify': m0042,
  '2026_12_01_0043_comment_placeholders': m0043,
  '2026_12_02_0044_deleted_posts': m0044,
  '2026_12_03_0045_reviews': m0045,
  '2026_12_03_0046_bounties': m0046,
  '2026_12_03_0047_review_moderation': m0047,
  '2026_12_03_0048_review_response_history': m0048,
  '2026_12_03_0049_orcid_links': m0049,
}
