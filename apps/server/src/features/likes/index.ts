export { type LikeIntent, type LikesService, likesService } from './likes.service'
