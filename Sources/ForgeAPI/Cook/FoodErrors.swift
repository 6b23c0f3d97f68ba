import ForgeCook
import ForgeHTTP

/// Maps the food domain's errors to HTTP statuses in one place (docs/contract.md §3.15, §3.18).
///
/// | error | status, detail |
/// |---|---|
/// | `MealLogError` | 400, its description (`unknown recipe`, `off-plan entries need label + kcal`) |
/// | `MealLogError.dayFull` | 422 `at most 200 meal logs per day` (an absurd volume, nothing written) |
/// | `MealPhotos.Failure` | 400, `photo N: <reason>` |
/// | `FoodWeekStore.SlotEditError.unknownRecipe` | 404 `unknown recipe` |
/// | `FoodWeekStore.SlotEditError.notADinner` | 400 |
/// | `FoodProposalStore.DecisionError.notFound` | 404 `proposal not found` |
/// | `FoodProposalStore.DecisionError.noLongerValid` | 409 |
func foodErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch MealLogError.dayFull(let limit) {
        throw HTTPError(422, MealLogError.dayFull(limit: limit).description)
    } catch let error as MealLogError {
        throw HTTPError(400, error.description)
    } catch let error as MealPhotos.Failure {
        throw HTTPError(400, error.description)
    } catch let error as FoodWeekStore.SlotEditError {
        throw HTTPError(error == .unknownRecipe ? 404 : 400, error.description)
    } catch let error as FoodProposalStore.DecisionError {
        throw HTTPError(error == .notFound ? 404 : 409, error.description)
    }
}
