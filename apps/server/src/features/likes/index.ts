export { type LikeIntent, likesService } from './likes.service'
